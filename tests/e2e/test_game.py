"""The daily game in Chromium: win, lose, autocomplete by keyboard, a German name on
/de/, the share text, stats after a reload, and the archive's deep links."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def type_guess(page, name: str) -> None:
    box = page.get_by_role("combobox")
    box.fill(name)
    box.press("Escape")  # close the suggestions; Enter then submits the typed text
    box.press("Enter")


ONE_ROW = (
    "document.querySelectorAll('.gg-table [role=rowgroup]:nth-child(2) [role=row]').length === 1"
)
ALERT = (
    "[...document.querySelectorAll('[role=alert]')].some(e => e.textContent.includes('Pikachu'))"
)


def rows(page):
    return page.locator(".gg-table [role=rowgroup]").nth(1).locator("[role=row]")


def test_a_game_is_won_and_revealed(page):
    page.goto("/")
    type_guess(page, "Bulbasaur")
    page.wait_for_function(ONE_ROW)
    assert "Bulbasaur" in rows(page).first.text_content()
    type_guess(page, "pikachu")
    heading = page.locator(".gg-end__title")
    heading.wait_for()
    assert "Pikachu" in heading.text_content()
    # Focus moves to the result, the artwork is shown in colour.
    assert page.evaluate("document.activeElement.classList.contains('gg-end__title')")
    assert page.locator("img[src*='artwork/25']").count() == 1


def test_a_game_is_lost_after_six_wrong_guesses_in_the_archive(page):
    page.goto("/archive/")
    page.get_by_role("link", name=re.compile(r"#\d+")).first.click()
    page.wait_for_url(re.compile(r"/archive/\d+/$"))
    for name in ["Charmander", "Squirtle", "Pidgey", "Rattata", "Caterpie", "Weedle"]:
        type_guess(page, name)
        page.wait_for_timeout(150)
    heading = page.locator(".gg-end__title")
    heading.wait_for()
    assert "Bulbasaur" in heading.text_content()
    assert page.get_by_text("Practice puzzle").count() >= 1


def test_autocomplete_works_with_the_keyboard(page):
    page.goto("/")
    box = page.get_by_role("combobox")
    box.click()
    box.type("charm")
    listbox = page.get_by_role("listbox")
    listbox.wait_for()
    assert box.get_attribute("aria-expanded") == "true"
    options = page.get_by_role("option")
    assert options.count() >= 2
    box.press("ArrowDown")
    box.press("ArrowDown")
    active = box.get_attribute("aria-activedescendant")
    chosen = page.locator(f"#{active}").text_content()
    box.press("Enter")
    page.wait_for_function(ONE_ROW)
    assert chosen.split("(")[0].strip() in rows(page).first.text_content()
    # Escape closes the list but keeps what was typed.
    box.type("squir")
    box.press("Escape")
    assert box.get_attribute("aria-expanded") == "false"
    assert box.input_value() == "squir"


def test_a_german_name_is_accepted_on_the_german_page(page):
    page.goto("/de/")
    type_guess(page, "Glumanda")
    page.wait_for_function(ONE_ROW)
    assert "Glumanda" in rows(page).first.text_content()
    type_guess(page, "Schiggy")
    page.wait_for_timeout(300)
    assert rows(page).count() == 2


def test_an_unknown_name_is_explained_and_kept(page):
    page.goto("/")
    box = page.get_by_role("combobox")
    box.fill("Pikachuu")
    box.press("Escape")
    box.press("Enter")
    page.wait_for_function(ALERT)
    assert box.input_value() == "Pikachuu"
    assert rows(page).count() == 0


def test_the_share_text_has_the_grid_and_never_the_answer(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    type_guess(page, "Raichu")
    page.wait_for_timeout(300)
    type_guess(page, "Pikachu")
    page.locator(".gg-end__title").wait_for()
    page.get_by_role("button", name="Share result").click()
    page.get_by_text("Result copied to the clipboard.").wait_for()
    text = page.evaluate("navigator.clipboard.readText()")
    assert re.match(r"Pokéguess #\d+ 2/6", text)
    assert "🟩" in text
    assert "Pikachu" not in text and "Raichu" not in text
    assert text.strip().endswith("/")


def test_stats_survive_a_reload(page):
    page.goto("/")
    type_guess(page, "Pikachu")
    page.locator(".gg-end__title").wait_for()
    page.reload()
    page.locator(".gg-end__title").wait_for()
    page.locator(".gg-end").get_by_role("button", name="Statistics").click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for()
    page.wait_for_function("document.querySelector('.gg-figures dd').textContent === '1'")
    figures = dialog.locator(".gg-figures dd").all_text_contents()
    assert figures[:2] == ["1", "100"]
    page.keyboard.press("Escape")
    assert not dialog.is_visible()


def test_the_game_fits_a_small_phone_in_arabic(phone):
    phone.set_viewport_size({"width": 320, "height": 700})
    phone.goto("/ar/")
    assert phone.locator("html").get_attribute("dir") == "rtl"
    phone.get_by_role("combobox").wait_for()
    overflow = phone.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0


def test_a_page_without_islands_loads_no_react(page):
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.goto("/how-to-play/")
    page.wait_for_load_state("networkidle")
    assert scripts and not any("guess-game" in url for url in scripts)


def test_the_game_loads_when_a_phone_scrolls_to_it(phone):
    phone.goto("/")
    phone.get_by_role("link", name="Start playing").click()
    phone.get_by_role("combobox").wait_for()
    assert phone.locator("#game-area img").first.is_visible()


def test_a_player_can_erase_their_data_from_the_statistics(page):
    page.goto("/")
    type_guess(page, "Pikachu")
    page.locator(".gg-end").get_by_role("button", name="Statistics").click()
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog.locator(".gg-figures dd").first).to_have_text("1")
    dialog.get_by_role("button", name="Erase my data").click()
    expect(dialog.get_by_text("It cannot be undone.")).to_be_visible()
    with page.expect_navigation():
        dialog.get_by_role("button", name="Erase everything").click()
    # A new visitor again: today's puzzle is fresh and the statistics are empty.
    expect(page.get_by_role("combobox")).to_be_visible()
    assert "pg_player" not in {cookie["name"] for cookie in page.context.cookies()}
