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


def guesses(page, table: str = "Your guesses"):
    """The rows of the guesses table, newest first (its header row has no row header)."""
    table = page.get_by_role("table", name=table)
    return table.get_by_role("row").filter(has=page.get_by_role("rowheader"))


def test_a_game_is_won_and_revealed(page):
    page.goto("/")
    type_guess(page, "Bulbasaur")
    expect(guesses(page)).to_have_count(1)
    expect(guesses(page).first).to_contain_text("Bulbasaur")
    type_guess(page, "pikachu")
    heading = page.get_by_role("heading", name="You got it! It's Pikachu!")
    # Focus moves to the result, the artwork is shown in colour.
    expect(heading).to_be_focused()
    expect(page.locator("img[src*='artwork/25']")).to_have_count(1)


def test_a_game_is_lost_after_six_wrong_guesses_in_the_archive(page):
    page.goto("/archive/")
    page.get_by_role("link", name=re.compile(r"#\d+")).first.click()
    page.wait_for_url(re.compile(r"/archive/\d+/$"))
    for count, name in enumerate(
        ["Charmander", "Squirtle", "Pidgey", "Rattata", "Caterpie", "Weedle"], start=1
    ):
        type_guess(page, name)
        expect(guesses(page)).to_have_count(count)
    expect(page.get_by_role("heading", name="Out of guesses! It was Bulbasaur.")).to_be_visible()
    expect(page.get_by_text("Practice puzzle").first).to_be_visible()


def test_autocomplete_works_with_the_keyboard(page):
    page.goto("/")
    box = page.get_by_role("combobox")
    box.click()
    box.press_sequentially("charm")
    expect(page.get_by_role("listbox")).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("option")).not_to_have_count(0)
    expect(page.get_by_role("option")).not_to_have_count(1)
    box.press("ArrowDown")
    box.press("ArrowDown")
    chosen = page.get_by_role("option", selected=True)
    expect(chosen).to_have_count(1)
    expect(box).to_have_attribute("aria-activedescendant", chosen.get_attribute("id"))
    name = chosen.text_content().split("(")[0].strip()
    box.press("Enter")
    expect(guesses(page)).to_have_count(1)
    expect(guesses(page).first).to_contain_text(name)
    # Escape closes the list but keeps what was typed.
    box.press_sequentially("squir")
    box.press("Escape")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).to_have_value("squir")


def test_enter_takes_the_highlighted_first_suggestion(page):
    page.goto("/")
    box = page.get_by_role("combobox")
    box.press_sequentially("mew")
    expect(page.get_by_role("option").first).to_contain_text("Mew")
    expect(page.get_by_role("option").first).not_to_contain_text("Mewtwo")
    box.fill("")
    box.press_sequentially("pidg")
    expect(page.get_by_role("option", selected=True)).to_contain_text("Pidgey")
    box.press("Enter")
    expect(guesses(page)).to_have_count(1)
    expect(guesses(page).first).to_contain_text("Pidgey")


def test_a_german_name_is_accepted_on_the_german_page(page):
    page.goto("/de/")
    type_guess(page, "Glumanda")
    expect(guesses(page, "Deine Versuche")).to_have_count(1)
    expect(guesses(page, "Deine Versuche").first).to_contain_text("Glumanda")
    type_guess(page, "Schiggy")
    expect(guesses(page, "Deine Versuche")).to_have_count(2)
    expect(guesses(page, "Deine Versuche").first).to_contain_text("Schiggy")


def test_an_unknown_name_is_explained_and_kept(page):
    page.goto("/")
    box = page.get_by_role("combobox")
    box.fill("Pikachuu")
    box.press("Escape")
    box.press("Enter")
    expect(page.get_by_role("alert").filter(has_text="Pikachu")).not_to_have_count(0)
    expect(box).to_have_value("Pikachuu")
    expect(page.get_by_role("table", name="Your guesses")).to_have_count(0)


def test_the_share_text_has_the_grid_and_never_the_answer(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    type_guess(page, "Raichu")
    expect(guesses(page)).to_have_count(1)
    type_guess(page, "Pikachu")
    expect(page.get_by_role("heading", name="You got it! It's Pikachu!")).to_be_visible()
    page.get_by_role("button", name="Share result").click()
    expect(page.get_by_text("Result copied to the clipboard.")).to_be_visible()
    text = page.evaluate("navigator.clipboard.readText()")
    assert re.match(r"Pokéguess #\d+ 2/6", text)
    assert "🟩" in text
    assert "Pikachu" not in text and "Raichu" not in text
    # The link opens the sharer's grid, with the way to today's game.
    link = re.search(r"https?://[^/]+(/p/\d+/2-[cpwhl]{7}-c{7}/)$", text.strip())
    assert link, text
    page.goto(link.group(1))
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"Pokéguess #\d+: 2/6"))
    expect(page.get_by_role("listitem")).not_to_have_count(0)
    expect(page.get_by_role("link", name="Play today's puzzle")).to_be_visible()


def test_stats_survive_a_reload(page):
    page.goto("/")
    type_guess(page, "Pikachu")
    won = page.get_by_role("heading", name="You got it! It's Pikachu!")
    expect(won).to_be_visible()
    page.reload()
    expect(won).to_be_visible()
    page.get_by_role("region", name="You got it! It's Pikachu!").get_by_role(
        "button", name="Statistics"
    ).click()
    dialog = page.get_by_role("dialog", name="Statistics")
    figures = dialog.get_by_role("definition")
    expect(figures.nth(0)).to_have_text("1")  # played
    expect(figures.nth(1)).to_have_text("100")  # won, per cent
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_the_game_fits_a_small_phone_in_arabic(phone):
    phone.set_viewport_size({"width": 320, "height": 700})
    phone.goto("/ar/")
    expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    expect(phone.get_by_role("combobox")).to_be_visible()
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
    expect(phone.get_by_role("combobox")).to_be_visible()
    expect(phone.locator("#game-area img").first).to_be_visible()


def test_a_player_can_erase_their_data_from_the_statistics(page):
    page.goto("/")
    type_guess(page, "Pikachu")
    page.get_by_role("region", name="You got it! It's Pikachu!").get_by_role(
        "button", name="Statistics"
    ).click()
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog.get_by_role("definition").first).to_have_text("1")
    dialog.get_by_role("button", name="Erase my data").click()
    expect(dialog.get_by_text("It cannot be undone.")).to_be_visible()
    with page.expect_navigation():
        dialog.get_by_role("button", name="Erase everything").click()
    # A new visitor again: today's puzzle is fresh and the statistics are empty.
    expect(page.get_by_role("combobox")).to_be_visible()
    assert "pg_player" not in {cookie["name"] for cookie in page.context.cookies()}
