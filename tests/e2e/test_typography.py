"""Typography per script in a real browser: language names on one line, Korean wrapped
between words, faces chosen by language, and direction-aware arrows in Arabic."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_language_names_never_break_inside_a_word(page):
    page.goto("/ja/")
    page.locator(".lang-switcher__button").click()
    menu = page.locator(".lang-switcher__menu")
    expect(menu).to_be_visible()
    for link in menu.get_by_role("link").all():
        box = link.bounding_box()
        line = link.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
        padding = link.evaluate(
            "el => parseFloat(getComputedStyle(el).paddingTop)"
            " + parseFloat(getComputedStyle(el).paddingBottom)"
        )
        assert box["height"] - padding < line * 1.5, link.inner_text()


def test_korean_wraps_between_words(page):
    page.goto("/ko/")
    word_break = page.locator("body").evaluate("el => getComputedStyle(el).wordBreak")
    assert word_break == "keep-all"


@pytest.mark.parametrize(
    ("code", "face"),
    [("ja", "Noto Sans CJK JP"), ("zh", "Noto Sans CJK SC"), ("th", "Noto Sans Thai")],
)
def test_each_script_names_its_own_faces(page, code, face):
    page.goto(f"/{code}/")
    family = page.locator("body").evaluate("el => getComputedStyle(el).fontFamily")
    assert face in family


def test_the_evolution_arrow_points_along_the_reading_direction(page):
    page.goto("/pokemon-clicker-2/")
    arrow = page.locator(".evolution .icon--forward").first
    expect(arrow).to_be_attached()
    assert arrow.evaluate("el => getComputedStyle(el).transform") == "none"
    page.goto("/ar/pokemon-clicker-2/")
    arrow = page.locator(".evolution .icon--forward").first
    assert arrow.evaluate("el => getComputedStyle(el).transform") == "matrix(-1, 0, 0, 1, 0, 0)"
