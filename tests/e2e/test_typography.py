"""Typography per script in a real browser: language names on one line, Korean wrapped
between words, faces chosen by language, and direction-aware arrows in Arabic."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_language_names_never_break_inside_a_word(page):
    page.goto("/ja/")
    page.get_by_label("言語：日本語。言語を変更").click()
    menu = page.get_by_role("list").filter(has=page.get_by_role("link", name="Deutsch"))
    links = menu.get_by_role("link")
    expect(links).to_have_count(19)  # every language, so the loop measures them all
    for link in links.all():
        expect(link).to_be_visible()
        box = link.bounding_box()
        line = link.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        padding = link.evaluate(
            "el => parseFloat(getComputedStyle(el).paddingTop)"
            " + parseFloat(getComputedStyle(el).paddingBottom)"
        )
        assert box["height"] - padding < line * 1.5, link.inner_text()


def test_korean_wraps_between_words(page):
    page.goto("/ko/")
    expect(page.locator("body")).to_have_css("word-break", "keep-all")


@pytest.mark.parametrize(
    ("code", "face"),
    [("ja", "Noto Sans CJK JP"), ("zh", "Noto Sans CJK SC"), ("th", "Noto Sans Thai")],
)
def test_each_script_names_its_own_faces(page, code, face):
    page.goto(f"/{code}/")
    expect(page.locator("body")).to_have_css("font-family", re.compile(re.escape(face)))


def test_the_evolution_arrow_points_along_the_reading_direction(page):
    # The arrow is a decorative icon (aria-hidden): it has no role or name to find it by.
    arrow = page.locator(".evolution .icon--forward").first
    page.goto("/pokemon-clicker-2/")
    expect(arrow).to_have_css("transform", "none")
    page.goto("/ar/pokemon-clicker-2/")
    expect(arrow).to_have_css("transform", "matrix(-1, 0, 0, 1, 0, 0)")


def test_the_japanese_headline_breaks_between_phrases_not_inside_words(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/ja/")
    title = page.locator("#hero-title")
    expect(title).to_have_css("word-break", "auto-phrase")
    # Narrow enough that the headline must wrap somewhere.
    title.evaluate("el => { el.style.inlineSize = '6.5em'; }")
    # Each line of the headline as the browser laid it out: none starts inside ポケモン
    # (without phrase breaking: "このポケ" / "モン、だー" / "れだ？").
    lines = title.evaluate(
        """el => {
            const range = document.createRange();
            const text = el.firstChild;
            const tops = [];
            const starts = [];
            for (let i = 0; i < text.length; i++) {
                range.setStart(text, i);
                range.setEnd(text, i + 1);
                const top = Math.round(range.getBoundingClientRect().top);
                if (!tops.includes(top)) { tops.push(top); starts.push(i); }
            }
            return starts.map((s, n) => text.data.slice(s, starts[n + 1]));
        }"""
    )
    assert len(lines) > 1 and "ポケモン" in "".join(lines), lines  # it wraps
    assert not any(line.startswith(("ケモン", "モン", "ン")) for line in lines), lines


def test_the_computer_note_shows_on_a_touch_screen_only(phone, page):
    """vex5 is played with the arrow keys: phones are told, computers are not."""
    phone.goto("/vex5/")
    expect(phone.get_by_role("note")).to_be_visible()
    page.goto("/vex5/")
    expect(page.get_by_role("note")).to_be_hidden()
