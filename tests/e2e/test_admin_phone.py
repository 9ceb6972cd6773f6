"""The back office on a phone (390 px): nothing wider than the screen, no heading over
the language tabs."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


def test_the_insights_pages_fit_a_phone(staff_phone):
    page = staff_phone
    page.goto("/admin/insights/")
    expect(page.get_by_role("img", name="Win rate per day")).to_be_visible()
    assert page.evaluate(OVERFLOW) <= 0, page.evaluate(WIDEST)
    page.get_by_role("table", name="Day by day").get_by_role("link").first.click()
    expect(
        page.get_by_role("heading", name="Names players typed that the game refused")
    ).to_be_visible()
    assert page.evaluate(OVERFLOW) <= 0, page.evaluate(WIDEST)


def test_list_item_headings_leave_the_language_tabs_clear_on_a_phone(staff_phone):
    page = staff_phone
    page.goto("/admin/games/game/")
    page.get_by_role("link", name="Time Shooter 3: SWAT", exact=True).first.click()
    page.get_by_role("link", name="Missions").click()
    headings = page.locator(".inline-related.has_original h3")
    expect(headings.first).to_be_visible()
    page.screenshot(path="/tmp/editorial-missions-390.png")
    # Whatever a heading holds (its title, "Delete", the move arrows) stays inside it,
    # above the fields and language tabs that follow.
    spill = page.evaluate(
        """() => [...document.querySelectorAll('.inline-related.has_original h3')].flatMap((h) => {
          const bottom = h.getBoundingClientRect().bottom + 1;
          return [...h.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().bottom > bottom)
            .map((e) => e.className || e.tagName);
        })"""
    )
    assert spill == []
