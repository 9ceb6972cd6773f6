"""The server's name normaliser accepts the usual input forms of every script, held to
the same cases as the autocomplete's: frontend/lib/normalize-cases.json is the one table
of name-matching cases, read here and by frontend/lib/normalize.test.ts."""

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from puzzle import pokedex
from puzzle.rules import ZH_FOLD_FILE, NameIndex, normalize_name

ROOT = Path(__file__).resolve().parents[2]
CASES = json.loads((ROOT / "frontend/lib/normalize-cases.json").read_text())


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


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "pokemon_id"),
    [
        ("仆刀將軍", 983),  # the official Traditional name; the data has 仆斬將軍
        ("超能艷鴕", 956),  # the data has the variant 豔
        ("多边兽Ⅱ", 233),  # Simplified characters and the Roman numeral of 多邊獸Ⅱ
        ("路卡利歐", 448),
    ],
)
def test_traditional_names_are_accepted_on_the_chinese_page(typed, pokemon_id):
    assert pokedex.name_index("zh").match(typed) == pokemon_id


def test_the_client_folds_chinese_with_the_servers_table():
    """One table: the autocomplete imports the very file the judge reads."""
    source = (ROOT / "frontend/lib/names.ts").read_text()
    imported = re.findall(r'import\("([^"]*zh-fold\.json)"\)', source)
    assert [(ROOT / "frontend/lib" / path).resolve() for path in imported] == [ZH_FOLD_FILE]


def test_the_chinese_table_folds_once_and_for_good():
    table = json.loads(ZH_FOLD_FILE.read_text("utf-8"))
    assert len(table) > 2000
    for traditional, simplified in table.items():
        assert len(traditional) == len(simplified) == 1
        assert simplified not in table  # folding twice gives what folding once does
        assert normalize_name(traditional) == simplified


def test_folding_chinese_never_makes_two_pokemon_one():
    data = json.loads((ROOT / "puzzle/data/pokedex.json").read_text("utf-8"))
    owners: dict[str, set[int]] = defaultdict(set)
    for entry in data:
        names = [*entry["names"].values(), *sum(entry.get("aliases", {}).values(), [])]
        for name in names:
            owners[normalize_name(name)].add(entry["id"])
    assert {key: ids for key, ids in owners.items() if len(ids) > 1} == {}
