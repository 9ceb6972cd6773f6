"""The server's name normaliser accepts the usual input forms of every script, held to
the same cases as the autocomplete's: frontend/lib/normalize-cases.json is the one table
of name-matching cases, read here and by frontend/lib/normalize.test.ts."""

import json
from pathlib import Path

import pytest

from puzzle import pokedex
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


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "fr", "ru", "zh", "ar"])
def test_every_name_the_suggestions_know_is_one_the_judge_accepts(lang):
    """One list for both: the autocomplete matches a Pokémon by exactly the names the
    server accepts for it on that page, so no suggestion is refused and no accepted
    name goes unsuggested."""
    index = pokedex.name_index(lang)
    for entry in pokedex.names(lang):
        spellings = [entry["name"], entry.get("en"), *entry.get("aka", [])]
        for name in filter(None, spellings):
            assert index.match(str(name)) == entry["id"], (lang, name)
        accepted = pokedex.get(int(entry["id"])).names_for(lang)  # type: ignore[union-attr]
        assert set(accepted) <= set(filter(None, spellings)), (lang, entry["id"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "pokemon_id"),
    [
        ("Noeunoeuf", 102),
        ("Nidoran femelle", 29),
        ("ニドランメス", 29),
        ("Nidoran hembra", 29),
        ("Nidoran weiblich", 29),
        ("Nidoran mâle", 32),
        ("Нидоран самец", 32),
        ("仆斬將軍", 983),
    ],
)
def test_names_players_type_are_accepted(typed, pokemon_id):
    assert pokedex.name_index("fr").match(typed) == pokemon_id
