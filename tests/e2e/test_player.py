"""The player's side of issue 11 in Chromium at phone (390×844) and desktop (1280×800)
size: the game first, quick input, a second tab, hard mode, practice rounds and the
high-contrast share text. Screenshots of the end screen, help and settings go to /tmp."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture(params=list(SIZES))
def sized(request, browser, server):
    ctx = browser.new_context(
        base_url=server,
        locale="en-US",
        bypass_csp=True,
        service_workers="block",
        **SIZES[request.param],
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield request.param, page
    ctx.close()
    assert not errors, errors


def guess(page, name: str) -> None:
    box = page.get_by_role("combobox")
    box.fill(name)
    box.press("Escape")  # the typed text, not a suggestion
    box.press("Enter")


def guess_rows(page):
    """The rows of the guesses table (its header row has no row header)."""
    table = page.get_by_role("table", name="Your guesses")
    return table.get_by_role("row").filter(has=page.get_by_role("rowheader"))


def end_panel(page):
    """The end of a game: the region named by its "won" or "lost" heading."""
    return page.get_by_role("region", name=re.compile(r"^(You got it|Out of guesses)"))


def open_settings(page):
    page.get_by_role("button", name="Settings").click()
    return page.get_by_role("dialog", name="Settings")


def test_the_silhouette_and_the_field_show_without_scrolling(sized):
    size, page = sized
    page.goto("/")
    box = page.get_by_role("combobox", name="Your guess")
    expect(box).to_be_in_viewport(ratio=1)
    expect(page.get_by_role("img", name="Silhouette of the mystery Pokémon")).to_be_in_viewport(
        ratio=1
    )
    assert page.evaluate("scrollY") == 0
    # No other silhouette above the game that could pass for today's Pokémon.
    assert page.locator("img[src*='hero-silhouette']").count() == 0
    if size == "desktop":
        expect(box).to_be_focused()


def test_enter_on_a_partial_name_with_one_suggestion_guesses_it(sized):
    _size, page = sized
    page.goto("/")
    box = page.get_by_role("combobox")
    box.click()
    box.press_sequentially("bulbas")
    expect(page.get_by_role("option")).to_have_count(1)
    box.press("Enter")
    expect(guess_rows(page)).to_have_count(1)
    expect(guess_rows(page).first).to_contain_text("Bulbasaur")
    expect(box).to_have_value("")


def test_a_tap_on_a_suggestion_guesses_it_and_it_is_not_suggested_again(sized):
    _size, page = sized
    page.goto("/")
    box = page.get_by_role("combobox")
    box.click()
    box.press_sequentially("squirt")
    page.get_by_role("option", name=re.compile("Squirtle")).click()
    expect(guess_rows(page)).to_have_count(1)
    box.press_sequentially("squ")
    expect(page.get_by_role("option", name=re.compile("Squirtle"))).to_have_count(0)
    # Every suggestion has its small picture (decorative: no name), lazily loaded.
    expect(page.get_by_role("option").first.locator("img")).to_have_attribute("loading", "lazy")


def test_a_refused_entry_is_selected_so_typing_replaces_it(page):
    page.goto("/")
    guess(page, "Pikachuu")
    expect(page.get_by_role("alert")).to_contain_text("Pikachuu")
    box = page.get_by_role("combobox")
    assert (
        page.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart")
        == 8
    )
    box.press_sequentially("Bulbasaur")
    expect(box).to_have_value("Bulbasaur")


def test_a_second_tab_shows_a_guess_made_in_the_first(context):
    first = context.new_page()
    second = context.new_page()
    first.goto("/")
    second.goto("/")
    expect(second.get_by_role("combobox")).to_be_visible()
    guess(first, "Charmander")
    expect(guess_rows(first)).to_have_count(1)
    expect(guess_rows(second)).to_have_count(1)
    # And the second tab no longer suggests it.
    box = second.get_by_role("combobox")
    box.click()
    box.press_sequentially("charmand")
    expect(second.get_by_role("option", name=re.compile("Charmander"))).to_have_count(0)


def test_a_tab_still_guesses_after_another_tab_got_a_new_csrf_cookie(context):
    # A new visitor's tabs opened together each get a CSRF cookie of their own, and the
    # browser keeps the last one set: the first tab must still be able to guess.
    first = context.new_page()
    first.goto("/")
    expect(first.get_by_role("combobox")).to_be_visible()
    context.clear_cookies(name="csrftoken")
    second = context.new_page()
    second.goto("/")
    expect(second.get_by_role("combobox")).to_be_visible()
    assert any(c["name"] == "csrftoken" for c in context.cookies())  # the second tab's
    guess(first, "Charmander")
    expect(guess_rows(first)).to_have_count(1)


def test_hard_mode_refuses_a_guess_that_contradicts_a_hint(page):
    page.goto("/")
    dialog = open_settings(page)
    dialog.get_by_role("switch", name="Hard mode").check()
    page.keyboard.press("Escape")
    guess(page, "Voltorb")  # Electric, generation 1: the answer (Pikachu) shares both
    expect(guess_rows(page)).to_have_count(1)
    expect(page.get_by_text("★ Hard mode")).to_be_visible()
    guess(page, "Chikorita")  # Grass: Voltorb showed the first type is Electric
    expect(page.get_by_role("alert")).to_contain_text("Hard mode: Chikorita does not fit")
    expect(guess_rows(page)).to_have_count(1)
    guess(page, "Pikachu")
    expect(page.get_by_role("heading", name="You got it! It's Pikachu!")).to_be_visible()


def test_a_practice_round_from_a_generation_start_to_end(sized):
    size, page = sized
    page.emulate_media(reduced_motion="reduce")  # the reveal shows at once
    page.goto("/")
    guess(page, "Pikachu")
    end = end_panel(page)
    expect(end).to_be_visible()
    page.screenshot(path=f"/tmp/pokeguess-end-{size}.png", full_page=False)
    end.locator("summary", has_text="Generations").click()  # a disclosure has no role
    end.get_by_role("checkbox", name="Gen 1").check()
    end.get_by_role("button", name="Play another").click()
    expect(page.get_by_role("heading", name="Practice round")).to_be_visible()
    expect(page.get_by_role("img", name="Silhouette of the mystery Pokémon")).to_have_attribute(
        "src", re.compile(r"^/api/practice/[0-9a-f-]{36}/silhouette\.png$")
    )
    names = ["Bulbasaur", "Charmander", "Squirtle", "Caterpie", "Weedle", "Pidgey", "Rattata"]
    end = end_panel(page)
    for count, name in enumerate(names, start=1):
        guess(page, name)
        # The guess is listed, or it ended the round (a right guess, or the sixth).
        expect(guess_rows(page).nth(count - 1).or_(end).first).to_be_visible()
        if end.is_visible():
            break
    expect(end).to_be_visible()
    artwork = page.get_by_role("img", name=re.compile("^Artwork of ")).get_attribute("src")
    number = int(re.search(r"artwork/(\d+)\.", artwork).group(1))
    assert 1 <= number <= 151  # generation 1 only
    practice_stats = page.get_by_role("region", name="Practice statistics")
    expect(practice_stats.get_by_role("definition").first).to_have_text("1")
    # The daily statistics did not change: one game played, today's.
    stats = page.evaluate("fetch('/api/stats').then(r => r.json())")
    assert stats["played"] == 1


def test_the_share_text_follows_the_high_contrast_setting(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    dialog = open_settings(page)
    dialog.get_by_role("switch", name="High-contrast colours").check()
    page.keyboard.press("Escape")
    guess(page, "Raichu")
    expect(guess_rows(page)).to_have_count(1)
    guess(page, "Pikachu")
    page.get_by_role("button", name="Share result").click()
    expect(page.get_by_text("Result copied to the clipboard.")).to_be_visible()
    text = page.evaluate("navigator.clipboard.readText()")
    assert "🟦" in text and "🟩" not in text and "🟥" not in text


def test_the_theme_applies_site_wide_before_the_first_paint(page):
    page.goto("/")
    dialog = open_settings(page)
    dialog.get_by_role("radio", name="Dark").check()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.goto("/how-to-play/")
    # Set by the inline script in <head>, before any module runs.
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 20, 42)"


def test_help_and_settings_dialogs(sized):
    size, page = sized
    page.goto("/")
    page.get_by_role("button", name="How to play").click()
    help_dialog = page.get_by_role("dialog", name="How to play")
    expect(help_dialog).to_contain_text("Baby Pokémon count as stage 1")
    expect(help_dialog).to_contain_text("Pokédex colour")
    page.screenshot(path=f"/tmp/pokeguess-help-{size}.png")
    page.keyboard.press("Escape")
    dialog = open_settings(page)
    expect(dialog.get_by_role("radio", name="Same as my device")).to_be_checked()
    expect(dialog.get_by_role("switch", name="High-contrast colours")).not_to_be_checked()
    page.screenshot(path=f"/tmp/pokeguess-settings-{size}.png")


def test_the_archive_says_each_puzzles_state_and_offers_the_next_one(page):
    page.goto("/archive/")
    first = page.get_by_role("link", name=re.compile(r"Play puzzle #\d+")).first
    expect(first).to_contain_text("New")
    first.click()
    page.wait_for_url(re.compile(r"/archive/\d+/$"))
    number = int(re.search(r"/archive/(\d+)/", page.url).group(1))
    guess(page, "Bulbasaur")  # yesterday's answer
    expect(end_panel(page)).to_be_visible()
    if number > 1:
        page.get_by_role("link", name="Next puzzle").click()
        page.wait_for_url(re.compile(rf"/archive/{number - 1}/$"))
    page.goto("/archive/")
    expect(page.get_by_role("link", name=f"Play puzzle #{number}")).to_contain_text("Won")


def test_start_playing_puts_the_cursor_in_the_field(page):
    page.goto("/")
    expect(page.get_by_role("combobox")).to_be_visible()
    page.get_by_role("heading", name="Puzzle #", exact=False).first.focus()
    page.get_by_role("link", name="Start playing").click()
    expect(page.get_by_role("combobox")).to_be_focused()


def test_the_lifeline_shows_the_first_letter_and_marks_the_share_text(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    lifeline = page.get_by_role("button", name="Stuck? Show the first letter")
    for name in ["Bulbasaur", "Charmander"]:
        guess(page, name)
    expect(guess_rows(page)).to_have_count(2)
    expect(lifeline).to_have_count(0)
    guess(page, "Squirtle")
    lifeline.click()
    expect(page.get_by_text("The name starts with “P”.")).to_be_visible()
    guess(page, "Pikachu")
    page.get_by_role("button", name="Share result").click()
    expect(page.get_by_text("Result copied to the clipboard.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()").startswith("Pokéguess #")
    assert "4/6 💡" in page.evaluate("navigator.clipboard.readText()")


def test_the_chinese_page_reads_traditional_names_and_gives_a_pinyin_letter(page):
    """/zh/ is Simplified, but a name typed in Traditional characters is suggested and
    accepted, and the lifeline is the pinyin's first letter (docs/i18n.md)."""
    page.goto("/zh/")
    box = page.get_by_role("combobox")
    box.click()
    box.press_sequentially("路卡利歐")
    page.get_by_role("option", name=re.compile("路卡利欧")).click()
    rows = page.get_by_role("table").get_by_role("row").filter(has=page.get_by_role("rowheader"))
    expect(rows).to_have_count(1)
    for name in ["妙蛙種子", "小火龍"]:
        guess(page, name)
    expect(rows).to_have_count(3)
    page.get_by_role("button", name="卡住了？显示拼音首字母").click()
    expect(page.get_by_text("名字第一个字的拼音以“P”开头。")).to_be_visible()


def test_a_reload_keeps_the_practice_round_until_the_player_goes_back(page):
    page.goto("/")
    guess(page, "Pikachu")
    page.get_by_role("button", name="Play another").click()
    practice = page.get_by_role("heading", name="Practice round")
    expect(practice).to_be_visible()
    silhouette = page.get_by_role("img", name="Silhouette of the mystery Pokémon")
    round_url = silhouette.get_attribute("src")
    page.reload()
    expect(practice).to_be_visible()
    expect(silhouette).to_have_attribute("src", round_url)
    page.get_by_role("button", name="Back to today's puzzle").click()
    expect(page.get_by_role("heading", name=re.compile(r"Puzzle #\d+"))).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name=re.compile(r"Puzzle #\d+"))).to_be_visible()
