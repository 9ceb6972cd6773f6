"""Filipino reads as Filipino (docs/glossary.md, docs/i18n.md "Review 2026-11: fil").

Two checks on the catalogue and the game pages: no common English word
sits inside a Filipino sentence (the glossary's loanwords, game titles and key names
are not on the list), and a count written in digits always takes the linker "na"
("4 na hula", "5 na hula"), so the plural forms never differ.
"""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from portal import catalogues

CONTENT = Path(settings.BASE_DIR) / "games" / "content"
# English words that crept into Filipino sentences. Loanwords the glossary keeps
# (hint, streak, browser game, cookie, level) and names are not listed.
WORDS = """
    an the and or of to on for from with by is are was be it its this that
    you your we our they their can will not no yes if then when than but so
    click clicks tap hold swipe game games gameplay player players puzzle puzzles
    guess guesses attempt progress share official suggestion suggestions typo
    tunnel tunnels interior exterior run runs distance speed tip tips pro basics
    warm-up playthrough challenge challenges goal summary info rules
    purple orange black white red blue green yellow grey pink brown
    slot stage type types arrows value row upgrade upgrades skill skills
"""
ENGLISH = frozenset(WORDS.split())
# Names and loanwords that contain a listed word: they are kept as they are.
NAMES = (
    "browser game",
    "The Pokémon Company",
    "Game Freak",
    "Content-Type: application/json",
    "Content Security Policy",
    "Red at Blue",
    "Red at Green",
    "Scarlet at Violet",
)
# Search terms people type in English; the keyword field keeps a few of them.
SEARCH_TERMS = {
    "pokemon silhouette game, daily pokemon quiz, guess the pokemon, pokemon wordle, "
    "free browser games"
}
# Fields that are not prose: addresses, sizes, key names, names, search terms and
# choices the catalogue translates (category, difficulty, type).
SKIPPED = {
    "slug", "url", "anchor", "ref", "kind", "allow", "height", "height_small",
    "aspect_ratio", "max_height", "icon", "keys", "key", "name", "genre", "developer",
    "seo_keywords", "type", "mode", "game", "group", "category", "difficulty",
}  # fmt: skip
COUNTED = r"(?:\d+\+?|\{count\}|%\(count\)d|%\(days\)[sd]|\{total\}|\{players\})"
NOUNS = (
    r"(?:hula|subok|laro|araw|manlalaro|Pokémon|hint|titik|taon|minuto|level|yugto|pindot|bihag)"
)
# A count followed by its noun with no linker: "5 hula" instead of "5 na hula".
BARE_COUNT = re.compile(rf"(?<![\w.]){COUNTED} (?!na\b){NOUNS}\b")


def english_words(text: str, names: tuple[str, ...] = NAMES) -> list[str]:
    for name in names:
        text = text.replace(name, " ")
    text = re.sub(r"<[^>]+>|%\(\w+\)[sd]|\{\w+\}|https?://\S+", " ", text)
    words = re.findall(r"[^\W\d_][\w'-]*", text)
    return [word for word in words if word.casefold() in ENGLISH]


def messages() -> list[tuple[str, str]]:
    catalogue = catalogues.read(catalogues.path_of("fil"))
    found = []
    for entry in catalogue:
        if entry.obsolete or entry.msgid in SEARCH_TERMS:
            continue
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        found.extend((entry.msgid, text) for text in forms)
    return found


def game_names() -> tuple[str, ...]:
    files = sorted((CONTENT / "i18n" / "fil").glob("*.json"))
    names = {json.loads(path.read_text(encoding="utf-8"))["name"] for path in files}
    return tuple(sorted(names, key=len, reverse=True)) + NAMES


def page_texts(value: object, field: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [
            text
            for key, item in value.items()
            if key not in SKIPPED
            for text in page_texts(item, key)
        ]
    if isinstance(value, list):
        return [text for item in value for text in page_texts(item, field)]
    if isinstance(value, str):
        return [(field, value)]
    return []


def pages() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted((CONTENT / "i18n" / "fil").glob("*.json")):
        page = json.loads(path.read_text(encoding="utf-8"))
        texts = page_texts(page)
        found.extend((path.stem, field, text) for field, text in texts)
    return found


class TestCatalogue:
    def test_it_has_no_english_words_in_filipino_sentences(self):
        wrong = [(msgid, text) for msgid, text in messages() if english_words(text)]
        assert wrong == []

    def test_a_count_in_digits_always_takes_na(self):
        wrong = [(msgid, text) for msgid, text in messages() if BARE_COUNT.search(text)]
        assert wrong == []

    def test_the_plural_forms_of_a_message_are_the_same(self):
        catalogue = catalogues.read(catalogues.path_of("fil"))
        wrong = [
            entry.msgid
            for entry in catalogue
            if entry.msgid_plural and len(set(entry.msgstr_plural.values())) != 1
        ]
        assert wrong == []


class TestGamePages:
    def test_they_have_no_english_words_in_filipino_sentences(self):
        names = game_names()
        wrong = [
            (page, field, english_words(text, names))
            for page, field, text in pages()
            if english_words(text, names)
        ]
        assert wrong == []

    def test_a_count_in_digits_always_takes_na(self):
        wrong = [(page, text) for page, _field, text in pages() if BARE_COUNT.search(text)]
        assert wrong == []


class TestTheChecks:
    @pytest.mark.parametrize(
        "text",
        [
            "**Interior tunnels** ay inilalagay ka sa loob ng tubo.",
            "Itim ang Snorlax, Purple ang Gengar.",
            "I-click muna ang loob ng game.",
        ],
    )
    def test_they_catch_english_islands(self, text):
        assert english_words(text)

    def test_they_let_loanwords_and_names_through(self):
        text = "Ituloy ang streak mo, basahin ang hint at laruin ang browser game ng Game Freak."
        assert english_words(text) == []

    @pytest.mark.parametrize("text", ["May 5 hula ka.", "{count} laro", "%(days)s araw"])
    def test_they_catch_a_bare_count(self, text):
        assert BARE_COUNT.search(text)

    @pytest.mark.parametrize("text", ["4 na hula", "{count} na laro", "Palaisipan #12", "0.4 m"])
    def test_they_let_a_linked_count_through(self, text):
        assert not BARE_COUNT.search(text)
