"""Content staff in Chromium: the game page editor with its language tabs."""

import pytest

from tests.e2e.conftest import STAFF_PASSWORD

pytestmark = pytest.mark.e2e


def test_staff_edit_a_game_page_with_language_tabs(page):
    page.goto("/admin/login/")
    page.fill("#id_username", "staff")
    page.fill("#id_password", STAFF_PASSWORD)
    page.click("input[type=submit]")
    page.goto("/admin/games/game/?q=vex")
    page.get_by_role("link", name="Vex 5").first.click()
    tabs = page.locator(".ui-tabs")
    tabs.first.wait_for()
    assert tabs.count() > 5
    # Open the German tab of the hero title, edit it and save.
    hero_tabs = page.locator(".ui-tabs", has=page.locator("#id_hero_title_de"))
    hero_tabs.get_by_role("tab", name="DE").click()
    page.fill("#id_hero_title_de", "Vex 5 – jetzt spielen")
    page.locator("input[name=_continue]").first.click()
    page.get_by_text("was changed successfully").wait_for()
    page.goto("/de/vex5/")
    assert page.locator("h1").text_content() == "Vex 5 – jetzt spielen"
