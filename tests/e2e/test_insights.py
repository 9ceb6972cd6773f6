"""The staff dashboard in Chromium, in the staff member's language and right to left."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_admin_staff import log_in

pytestmark = pytest.mark.e2e


def choose_admin_language(page, code: str, label: str, button: str) -> None:
    """The language form in the admin header, named in the language now in use."""
    page.get_by_role("combobox", name=label).select_option(code)
    page.get_by_role("button", name=button, exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", code)


def test_the_dashboard_shows_charts_and_their_tables(page):
    log_in(page)
    page.get_by_role("link", name="Game insights").click()
    expect(page.get_by_role("heading", name="Players per day")).to_be_visible()
    expect(page.get_by_role("img", name="Win rate per day")).to_be_visible()
    expect(page.get_by_role("table", name="Day by day")).to_be_visible()
    page.screenshot(path="/tmp/insights-en.png", full_page=True)
    page.get_by_role("table", name="Day by day").get_by_role("link").first.click()
    expect(
        page.get_by_role("heading", name="Names players typed that the game refused")
    ).to_be_visible()


def test_the_dashboard_speaks_german_and_mirrors_in_arabic(page):
    log_in(page)
    choose_admin_language(page, "de", "Admin language", "Switch")
    page.goto("/admin/insights/")
    expect(page.get_by_role("heading", name="Spieler pro Tag")).to_be_visible()
    expect(page.get_by_role("table", name="Tag für Tag")).to_be_visible()
    page.screenshot(path="/tmp/insights-de.png", full_page=True)
    choose_admin_language(page, "ar", "Sprache der Verwaltung", "Wechseln")
    page.goto("/admin/insights/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("heading", name="اللاعبون يوميًا")).to_be_visible()
    page.screenshot(path="/tmp/insights-ar.png", full_page=True)
