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
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


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
    faq = page.get_by_role("group", name="FAQ items")
    # The item headings (the blank template for a new item is hidden, so not counted);
    # the drag handle is the heading's "FAQ item:" title.
    titles = faq.get_by_role("heading", level=3).get_by_text("FAQ item:", exact=True)
    questions = faq.get_by_role("textbox", name="Question:")
    expect(questions).to_have_count(8)
    expect(questions.first).to_have_attribute("lang", "en")
    first_question = questions.nth(0).input_value()
    last_question = questions.nth(7).input_value()
    drag(page, titles.nth(7), titles.nth(0))
    expect(questions.nth(0)).to_have_value(last_question)
    page.get_by_role("button", name="Save and continue editing").first.click()
    expect(page.get_by_text("was changed successfully")).to_be_visible()
    expect(questions.nth(0)).to_have_value(last_question)
    expect(questions.nth(1)).to_have_value(first_question)
    page.goto("/vex5/")
    expect(page.get_by_text(last_question, exact=True)).to_be_visible()
    text = page.get_by_role("main").inner_text()
    assert text.index(last_question) < text.index(first_question)


def test_a_stale_save_is_refused_with_what_changed(page, context):
    log_in(page)
    open_game(page, "Monkey Mart")
    other = context.new_page()
    other.goto(page.url)
    hero_title = "Hero title:"  # the English tab is open: only its field is shown
    other.get_by_role("textbox", name=hero_title).fill("Monkey Mart – saved first")
    other.get_by_role("button", name="Save and continue editing").first.click()
    expect(other.get_by_text("was changed successfully")).to_be_visible()
    page.get_by_role("textbox", name=hero_title).fill("Monkey Mart – saved second")
    page.get_by_role("button", name="Save and continue editing").first.click()
    error = page.get_by_text("This page was saved by someone else")
    expect(error).to_be_visible()
    expect(error).to_contain_text(re.compile(r"staff at .*Hero title"))
    page.goto("/monkey-mart/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Monkey Mart – saved first")


def test_the_admin_speaks_the_chosen_language_and_shows_its_fields_first(page):
    log_in(page)
    page.get_by_label("Admin language").select_option("de")
    page.get_by_role("button", name="Switch").click()
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
    page.goto("/admin/games/game/")
    page.get_by_role("link", name="Vex 5", exact=True).first.click()
    page.get_by_role("link", name="FAQ-Einträge").click()
    expect(page.get_by_role("combobox", name="Sprache der angezeigten Felder")).to_be_visible()
    faq = page.get_by_role("group", name="FAQ-Einträge")
    # Every language has a "Frage" box per item; only the German one is shown.
    questions = faq.get_by_role("textbox", name="Frage:")
    expect(questions).to_have_count(8)
    expect(questions.and_(page.locator("[lang=de]"))).to_have_count(8)
    arabic_answer = faq.get_by_label("Antwort:").and_(page.locator("[lang=ar]")).first
    expect(arabic_answer).to_have_attribute("dir", "rtl")


def test_a_new_faq_item_can_be_dragged_into_place_before_it_is_saved(page):
    log_in(page)
    open_game(page, "Vex 5")
    page.get_by_role("link", name="FAQ items").click()
    faq = page.get_by_role("group", name="FAQ items")
    questions = faq.get_by_role("textbox", name="Question:")
    expect(questions).to_have_count(8)
    first_question = questions.nth(0).input_value()
    page.get_by_role("button", name="Add another FAQ item").click()
    expect(questions).to_have_count(9)
    questions.nth(8).fill("Is Vex 5 free to play?")
    faq.get_by_role("textbox", name="Answer:").nth(8).fill("Yes, in the browser.")
    titles = faq.get_by_role("heading", level=3).get_by_text("FAQ item:", exact=True)
    drag(page, titles.nth(8), titles.nth(0))
    expect(questions.nth(0)).to_have_value("Is Vex 5 free to play?")
    page.get_by_role("button", name="Save and continue editing").first.click()
    expect(page.get_by_text("was changed successfully")).to_be_visible()
    expect(questions.nth(0)).to_have_value("Is Vex 5 free to play?")
    expect(questions.nth(1)).to_have_value(first_question)
    # The site's pages are shared by the browser tests: leave the FAQ as it was.
    faq.locator("input[type=checkbox][name$='-0-DELETE']").check()
    page.get_by_role("button", name="Save and continue editing").first.click()
    expect(questions.nth(0)).to_have_value(first_question)
    expect(questions).to_have_count(8)
