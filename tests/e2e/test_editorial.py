"""An editor in Chromium: an edit of a published page saved as a draft, previewed in
German, published, then reverted to the revision before it (docs/editorial.md)."""

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.test_admin_phone import OVERFLOW, WIDEST
from tests.e2e.test_admin_staff import log_in

pytestmark = pytest.mark.e2e

# Public pages are kept a minute by the page cache (PAGE_CACHE_SECONDS).
CACHED_SECONDS = 65


def public_title(browser, base_url: str, path: str, expected: str) -> None:
    """The public page, as a visitor sees it, shows ``expected`` as its title once its
    cached minute is over."""
    visitor = browser.new_page(base_url=base_url)
    deadline = time.monotonic() + CACHED_SECONDS
    while True:
        visitor.goto(path)
        title = visitor.get_by_role("heading", level=1)
        if title.text_content() == expected or time.monotonic() > deadline:
            break
        time.sleep(1)
    expect(title).to_have_text(expected)
    visitor.close()


def test_an_editor_drafts_previews_publishes_and_reverts(page, browser, server):
    # The admin in English, chosen: a German page sets the site's language, which an
    # admin without a choice of its own would follow.
    page.context.add_cookies([{"name": "admin_language", "value": "en", "url": server}])
    log_in(page)
    page.goto("/admin/games/game/?q=monkey")
    page.get_by_role("link", name="Monkey Mart").first.click()
    change_url = page.url
    hero = page.get_by_role("group", name="Hero")
    hero.get_by_role("tablist").first.get_by_role("tab", name="de", exact=True).click()
    title = hero.get_by_role("textbox", name="Hero title:")
    old_title = title.input_value()
    title.fill("Monkey Mart – der Entwurf")
    page.get_by_role("button", name="Save as draft").first.click()
    expect(page.get_by_text("Saved as a draft")).to_be_visible()

    # The preview, in German, shows the draft and says it is one.
    preview = page.get_by_role("status").get_by_role("link", name="de", exact=True)
    page.goto(preview.get_attribute("href"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Monkey Mart – der Entwurf")
    expect(page.get_by_text("Entwurf – nicht öffentlich")).to_be_visible()

    page.goto(change_url)
    page.get_by_role("button", name="Publish", exact=True).click()
    expect(page.get_by_text("Published a draft.")).to_be_visible()
    public_title(browser, server, "/de/monkey-mart/", "Monkey Mart – der Entwurf")

    # History: the revision before the publication, compared, then reverted in one click.
    page.get_by_role("link", name="History").click()
    history = page.locator("#change-history")
    history.get_by_role("row").nth(2).get_by_role("link").click()
    expect(page.get_by_role("cell", name="Monkey Mart – der Entwurf")).to_be_visible()
    expect(page.get_by_role("cell", name=old_title, exact=True)).to_be_visible()
    page.get_by_role("button", name="Revert to this revision").click()
    expect(page.get_by_text("Reverted to the revision of")).to_be_visible()
    public_title(browser, server, "/de/monkey-mart/", old_title)


def test_revisions_and_drafts_fit_a_phone(staff_phone):
    page = staff_phone
    page.goto("/admin/games/game/?q=color")
    page.get_by_role("link", name="Color Tunnel").first.click()
    change_url = page.url
    hero = page.get_by_role("group", name="Hero")
    title = hero.get_by_role("textbox", name="Hero title:")
    title.fill("Color Tunnel " + "Wide" * 25)
    page.get_by_role("button", name="Save and continue editing").first.click()
    expect(page.get_by_text("was changed successfully")).to_be_visible()
    page.get_by_role("link", name="History").click()
    assert page.evaluate(OVERFLOW) <= 0, page.evaluate(WIDEST)
    page.locator("#change-history").get_by_role("row").nth(2).get_by_role("link").click()
    expect(page.get_by_role("button", name="Revert to this revision")).to_be_visible()
    page.screenshot(path="/tmp/editorial-revision-390.png", full_page=True)
    assert page.evaluate(OVERFLOW) <= 0, page.evaluate(WIDEST)
    page.get_by_role("button", name="Revert to this revision").click()
    expect(page.get_by_text("Reverted to the revision of")).to_be_visible()

    page.goto(change_url)
    page.get_by_role("group", name="Hero").get_by_role("textbox", name="Hero title:").fill("Draft")
    page.get_by_role("button", name="Save as draft").first.click()
    expect(page.get_by_text("Saved as a draft")).to_be_visible()
    page.screenshot(path="/tmp/editorial-draft-390.png")
    assert page.evaluate(OVERFLOW) <= 0, page.evaluate(WIDEST)
    page.get_by_role("button", name="Discard").click()
    expect(page.get_by_text("The draft is discarded.")).to_be_visible()
