"""Content staff in Chromium: reordering a FAQ by drag and drop, and a stale save that
is refused instead of overwriting another editor's work."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import STAFF_PASSWORD

pytestmark = pytest.mark.e2e


def log_in(page) -> None:
    page.goto("/admin/login/")
    page.get_by_label("Username").fill("staff")
    page.get_by_label("Password").fill(STAFF_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(
        page.get_by_role("link", name="Log out").or_(page.get_by_role("button", name="Log out"))
    ).to_be_visible()


def open_game(page, name: str) -> None:
    page.goto("/admin/games/game/")
    page.get_by_role("link", name=name, exact=True).first.click()
    expect(page.get_by_role("link", name="FAQ items")).to_be_visible()


def drag(page, source, target) -> None:
    """A person's drag: press on the item's title, nudge it, move in steps, drop on the
    top edge of the target (the browser's native drag and drop needs the nudge)."""
    source.scroll_into_view_if_needed()
    start = source.bounding_box()
    page.mouse.move(start["x"] + 5, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(start["x"] + 10, start["y"] + 10, steps=3)
    target.scroll_into_view_if_needed()
    end = target.bounding_box()
    page.mouse.move(end["x"] + 5, end["y"] + 2, steps=15)
    page.mouse.up()


def test_staff_reorder_a_faq_by_drag_and_drop(page):
    log_in(page)
    open_game(page, "Vex 5")
    page.get_by_role("link", name="FAQ items").click()
    # One language at a time: a named switch turns every field's language tabs together.
    expect(page.get_by_role("combobox", name="Language of the fields shown")).to_have_value("0")
    items = "#faq_items-group .inline-related:not(.empty-form)"
    headings = page.locator(f"{items} h3 b")
    expect(headings.first).to_be_visible()
    questions = page.locator(f"{items} input[name$='-question_en']")
    first_question = questions.nth(0).input_value()
    last_question = questions.nth(questions.count() - 1).input_value()
    drag(page, headings.nth(questions.count() - 1), headings.nth(0))
    expect(questions.nth(0)).to_have_value(last_question)
    page.get_by_role("button", name="Save and continue editing").first.click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    expect(questions.nth(0)).to_have_value(last_question)
    expect(questions.nth(1)).to_have_value(first_question)
    page.goto("/vex5/")
    expect(page.get_by_text(last_question, exact=True)).to_be_visible()
    text = page.locator("main").inner_text()
    assert text.index(last_question) < text.index(first_question)


def test_a_stale_save_is_refused_with_what_changed(page, context):
    log_in(page)
    open_game(page, "Monkey Mart")
    other = context.new_page()
    other.goto(page.url)
    other.locator("#id_hero_title_en").fill("Monkey Mart – saved first")
    other.get_by_role("button", name="Save and continue editing").first.click()
    expect(other.locator(".messagelist")).to_contain_text("was changed successfully")
    page.locator("#id_hero_title_en").fill("Monkey Mart – saved second")
    page.get_by_role("button", name="Save and continue editing").first.click()
    error = page.locator(".errornote, .errorlist").filter(has_text="saved by someone else")
    expect(error.first).to_be_visible()
    expect(error.first).to_contain_text(re.compile(r"staff at .*Hero title"))
    page.goto("/monkey-mart/")
    expect(page.locator("h1")).to_have_text("Monkey Mart – saved first")


def test_the_admin_speaks_the_chosen_language_and_shows_its_fields_first(page):
    log_in(page)
    page.get_by_label("Admin language").select_option("de")
    page.get_by_role("button", name="Switch").click()
    expect(
        page.get_by_role("link", name="Abmelden").or_(page.get_by_role("button", name="Abmelden"))
    ).to_be_visible()
    page.goto("/admin/games/game/")
    page.get_by_role("link", name="Vex 5", exact=True).first.click()
    page.get_by_role("link", name="FAQ-Einträge").click()
    expect(page.get_by_role("combobox", name="Sprache der angezeigten Felder")).to_be_visible()
    expect(page.locator("#id_faq_items-0-question_de")).to_be_visible()
    expect(page.locator("#id_faq_items-0-question_en")).to_be_hidden()
    expect(page.locator("#id_faq_items-0-answer_ar")).to_have_attribute("dir", "rtl")
