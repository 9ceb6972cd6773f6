"""Content staff in Chromium: the game page editor with its language tabs."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_admin_staff import log_in

pytestmark = pytest.mark.e2e


def test_staff_edit_a_game_page_with_language_tabs(page):
    log_in(page)
    page.goto("/admin/games/game/?q=vex")
    page.get_by_role("link", name="Vex 5").first.click()
    # Each translated field has a tab per language.
    expect(page.get_by_role("tablist").first.get_by_role("tab")).to_have_count(19)
    # Open the German tab of the hero title, edit it and save.
    hero = page.get_by_role("group", name="Hero")
    hero.get_by_role("tablist").first.get_by_role("tab", name="de", exact=True).click()
    # Only the open tab's field is shown, so the role finds the German one alone.
    title = hero.get_by_role("textbox", name="Hero title:")
    expect(title).to_have_attribute("lang", "de")
    title.fill("Vex 5 – jetzt spielen")
    page.get_by_role("button", name="Save and continue editing").first.click()
    expect(page.get_by_text("was changed successfully")).to_be_visible()
    page.goto("/de/vex5/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Vex 5 – jetzt spielen")
