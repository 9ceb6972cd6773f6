"""Layout on phones in a real browser: hint cells hold whole words in every language, and
no page scrolls sideways."""

import pytest
from django.utils import translation

from games.content import content_files
from portal.languages import DEFAULT, PREFIXED
from puzzle.api.shapes import hint_row
from puzzle.models import COLORS, TYPES, Pokemon

pytestmark = pytest.mark.e2e

LANGUAGES = [DEFAULT, *sorted(PREFIXED)]


def prefix(code: str) -> str:
    return "" if code == DEFAULT else f"/{code}"


def every_label_board(lang: str) -> list[dict]:
    """Hint rows, built as the API builds them, that show every type in both type
    columns, "None" in the second, every colour, and the Pokédex's longest height and
    weight figures (Wailord's 14.5 m, Cosmoem's 999.9 kg): more rows than a game has, so
    one page shows each column's widest word."""
    answer = Pokemon(id=1, name_en="Answer", type1="Normal", generation=1, stage=1,
                     color="Black", height=0.1, weight=0.1)  # fmt: skip
    types = [key for key, _label in TYPES]
    colors = [key for key, _label in COLORS]
    second_types = [*types[9:], *types[:9], ""]
    with translation.override(lang):
        return [
            hint_row(
                Pokemon(
                    id=i + 2,
                    name_en=f"Guess {i + 1}",
                    type1=types[i % len(types)],
                    type2=type2,
                    generation=9,
                    stage=3,
                    color=colors[i % len(colors)],
                    height=14.5,
                    weight=999.9,
                ),
                answer,
                lang,
            )
            for i, type2 in enumerate(second_types)
        ]


# Each word of a hint cell (its value, and its column's name) as the browser laid it
# out: a word is cut when its letters sit on more than one line, or sticks out of its
# cell. Words are what lies between spaces; Thai, Japanese and Chinese, written without
# spaces, are cut into words by the browser's own word segmenter.
CUT_WORDS = """
([lang, unspaced, selector]) => {
    const segmenter = new Intl.Segmenter(lang, { granularity: "word" });
    const cut = [];
    for (const cell of document.querySelectorAll(selector)) {
        // Hidden: the keys on wide screens, the shared header on narrow ones.
        const group = cell.closest("[role=rowgroup]")?.getBoundingClientRect();
        if (!cell.getClientRects().length || group?.width <= 1) continue;
        // Inside the cell's border.
        const frame = cell.closest(".gg-cell, [role=columnheader]");
        const left = frame.getBoundingClientRect().left + frame.clientLeft;
        const right = left + frame.clientWidth;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            const words = [];
            if (unspaced) {
                for (const s of segmenter.segment(text.data)) {
                    if (s.segment.trim() === "") continue;
                    const last = words[words.length - 1];
                    // Punctuation stays with the word before it.
                    if (!s.isWordLike && last && last.end === s.index) last.end += s.segment.length;
                    else words.push({ start: s.index, end: s.index + s.segment.length });
                }
            } else {
                for (const m of text.data.matchAll(/\\S+/g)) {
                    words.push({ start: m.index, end: m.index + m[0].length });
                }
            }
            for (const { start, end } of words) {
                const range = document.createRange();
                range.setStart(text, start);
                range.setEnd(text, end);
                const rects = [...range.getClientRects()].filter((r) => r.width > 0);
                const lines = new Set(rects.map((r) => Math.round(r.bottom)));
                const outside = rects.some(
                    (r) => r.left < left - 0.5 || r.right > right + 0.5);
                if (lines.size > 1 || outside) cut.push(text.data.slice(start, end));
            }
        }
    }
    return [...new Set(cut)];
}
"""
BOARD = (
    ".gg-table [role=columnheader]:not(.gg-row__name), .gg-table .gg-cell__key,"
    " .gg-table .gg-cell__value"
)
HELP = ".gg-help-hints :is(.gg-cell__key, .gg-cell__value)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hint_cells_hold_whole_words_on_phones(page, lang):
    """Every language's widest type, colour, height and weight and every column name, on
    phones (320 and 390 px, the cells on two lines) and wider screens (700 and 1280 px,
    one line under a shared header), and the help's example cells: no word is broken
    across lines or pushed out of its cell. One page per language, its board swapped
    into the API's answer."""
    board = every_label_board(lang)

    def with_board(route):
        payload = route.fetch().json()
        payload["state"]["guesses"] = board
        route.fulfill(json=payload)

    page.route("**/api/puzzle/today?*", with_board)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{prefix(lang)}/")
    page.locator("#game-area").scroll_into_view_if_needed()
    page.locator(".gg-table .gg-cell__value").first.wait_for()
    unspaced = lang in {"th", "ja", "zh"}
    for width in (390, 320, 700, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        cut = page.evaluate(CUT_WORDS, [lang, unspaced, BOARD])
        assert not cut, f"{lang} at {width} px: {cut}"
    # The help's example cells, drawn like the board's.
    page.locator(".gg-bar__button").first.click()
    page.locator(".gg-help-hints").wait_for()
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        cut = page.evaluate(CUT_WORDS, [lang, unspaced, HELP])
        assert not cut, f"{lang}, help, at {width} px: {cut}"


# Every kind of page: home (with the daily game), the fixed pages, the archive and one
# of its puzzles, each game's landing page, and a page that does not exist.
ROUTES = [
    "/",
    "/how-to-play/",
    "/privacy/",
    "/about/",
    "/contact/",
    "/archive/",
    "/archive/1/",
    *(f"/{path.stem}/" for path in content_files()),
    "/no-such-page/",
]

# At once: the site scrolls smoothly, which would keep each page waiting.
SHOW_GAME = "document.getElementById('game-area').scrollIntoView({ behavior: 'instant' })"
SIDEWAYS = "document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_on_a_phone(page, lang):
    """Every route of the site in all 19 languages (not a sample: a page is cheap) at
    390 px, its game island loaded where it has one: nothing is wider than the screen,
    not even the privacy page's cookie table with its long Norwegian, Danish and Russian
    compound words."""
    page.set_viewport_size({"width": 390, "height": 844})
    wide = []
    for route in ROUTES:
        response = page.goto(prefix(lang) + route)
        assert response.status == (404 if route == "/no-such-page/" else 200), route
        # The game island loads once seen.
        if page.locator("#game-area").count():
            page.evaluate(SHOW_GAME)
            page.locator(".gg-game, .gg-archive").first.wait_for()
        overflow = page.evaluate(SIDEWAYS)
        if overflow > 0:
            wide.append((route, overflow))
    assert not wide, f"{lang}: {wide}"
