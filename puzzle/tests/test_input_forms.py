"""The server's name normaliser accepts the usual input forms of every script, held to
the same cases as the autocomplete's: frontend/lib/normalize-cases.json is the one table
of name-matching cases, read here and by frontend/lib/normalize.test.ts."""

import json
from pathlib import Path

import pytest

from puzzle.rules import NameIndex, normalize_name

CASES = json.loads(
    (Path(__file__).resolve().parents[2] / "frontend/lib/normalize-cases.json").read_text()
)


@pytest.mark.parametrize(("typed", "official"), CASES["same"])
def test_it_matches_the_usual_input_form(typed, official):
    assert normalize_name(typed) == normalize_name(official)


@pytest.mark.parametrize(("typed", "official"), CASES["different"])
def test_it_keeps_distinctions_that_name_another_pokemon(typed, official):
    assert normalize_name(typed) != normalize_name(official)


@pytest.mark.parametrize(("text", "normal"), CASES["normal"])
def test_it_gives_the_normal_form(text, normal):
    assert normalize_name(text) == normal


def test_a_hiragana_guess_finds_the_katakana_name():
    index = NameIndex([(25, ["Pikachu", "ピカチュウ"]), (58, ["Growlithe", "ガーディ"])])
    assert index.match("ぴかちゅう") == 25
    assert index.match("がーでぃ") == 58
    assert index.match("ＰＩＫＡＣＨＵ") == 25
