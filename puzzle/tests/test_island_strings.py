"""The game island's strings: the server sends exactly the keys the TypeScript type
lists (frontend/lib/strings.ts), so a lookup the type allows always finds a string."""

import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from puzzle import island
from puzzle.api import shapes

TYPES_FILE = Path(__file__).resolve().parents[2] / "frontend" / "lib" / "strings.ts"


def typed_keys() -> set[str]:
    union = re.search(r"export type StringKey =(.*?);", TYPES_FILE.read_text(), re.S)
    assert union, f"no StringKey union in {TYPES_FILE}"
    return set(re.findall(r'"(\w+)"', union.group(1)))


def test_it_defines_every_key_the_island_types_and_no_other():
    keys = typed_keys()
    assert set(island.STRINGS) - keys == set(), "add these keys to StringKey"
    assert keys - set(island.STRINGS) == set(), "the server sends no string for these"


@pytest.mark.django_db
def test_it_sends_every_typed_key_with_the_props(rf):
    props = island.game_island_context(rf.get("/"))["game_props"]
    assert set(props["strings"]) == typed_keys()
    assert all(isinstance(text, str) and text for text in props["strings"].values())


def counted(lang: str, key: str, count: int) -> str:
    with translation.override(lang):
        table = island.plural_tables()[key]
    return table["forms"][int(table["map"][count])]


def test_the_counted_words_follow_each_languages_plural_rules():
    assert counted("en", "guessCount", 1) == "{count} guess"
    assert counted("en", "guessCount", 2) == "{count} guesses"
    with translation.override("ru"):
        for count in (1, 3, 5, 21, 111):
            expected = ngettext("{count} guess", "{count} guesses", count)
            assert counted("ru", "guessCount", count) == expected
    assert counted("ru", "guessCount", 1) != counted("ru", "guessCount", 5)


def test_each_language_has_its_own_forms():
    with translation.override("de"):
        assert island.plural_tables()["gameCount"]["forms"] == ["{count} Spiele", "{count} Spiel"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "height", "weight"), [("en", "0.4 m", "6 kg"), ("de", "0,4\xa0m", "6\xa0kg")]
)
def test_the_help_examples_read_like_the_hint_cells(rf, lang, height, weight):
    """The help's example sizes are formatted like the cells ("0,4 m" in German)."""
    with translation.override(lang):
        strings = island.game_island_context(rf.get("/"))["game_props"]["strings"]
        assert strings["valueHeight"] == shapes.height_label(0.4) == height
        assert strings["valueWeight"] == shapes.weight_label(6) == weight
    with translation.override("ru"):
        strings = island.game_island_context(rf.get("/"))["game_props"]["strings"]
        assert strings["valueHeight"] == shapes.height_label(0.4) != "0.4 m"


@pytest.mark.parametrize(
    ("lang", "sign"), [("en", "#{number}"), ("de", "Nr. {number}"), ("ru", "№{number}")]
)
def test_a_puzzle_number_on_its_own_is_written_the_languages_way(lang, sign):
    """The archive's "#27" comes from the catalogue, not a hard-coded "#"."""
    with translation.override(lang):
        assert str(island.STRINGS["numberSign"]) == sign


@pytest.mark.django_db
def test_the_help_names_its_example_pokemon_in_the_page_language(rf):
    with translation.override("fr"):
        strings = island.game_island_context(rf.get("/fr/"))["game_props"]["strings"]
    assert "Bulbizarre" in strings["helpTypesExample"]
    assert "Ronflex" in strings["helpColor"] and "Ectoplasma" in strings["helpColor"]
    assert not any("{" in strings[key] for key in island.EXAMPLE_POKEMON)
    with translation.override("ru"):  # no official names: the English ones
        strings = island.game_island_context(rf.get("/ru/"))["game_props"]["strings"]
    assert "Bulbasaur" in strings["helpTypesExample"] and "Zubat" in strings["helpTypesExample"]
