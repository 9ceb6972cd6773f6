"""Unit tests of the pure rules (puzzle/rules.py) and of the generated puzzle/data/pokedex.json.

No database and no Django: run alone with `pytest puzzle/tests/test_rules.py -p no:django
--noconftest`.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from puzzle import pinyin, rules
from puzzle.rules import (
    CORRECT,
    HIGHER,
    LOWER,
    PRESENT,
    WRONG,
    NameIndex,
    Traits,
    compare,
    normalize_name,
)

PUZZLE_DIR = Path(__file__).resolve().parent.parent
DATA_FILE = PUZZLE_DIR / "data" / "pokedex.json"
ARTWORK_DIR = PUZZLE_DIR / "static" / "puzzle" / "artwork"

LAUNCH = date(2025, 1, 1)


@pytest.fixture(scope="module")
def pokedex() -> list[dict]:
    return json.loads(DATA_FILE.read_text("utf-8"))


@pytest.fixture(scope="module")
def index(pokedex) -> NameIndex:
    return NameIndex((p["id"], accepted_names(p)) for p in pokedex)


def accepted_names(species: dict) -> list[str]:
    """Official names and the aliases (older, fan and transliterated spellings)."""
    aliases = [name for names in species["aliases"].values() for name in names]
    return [*species["names"].values(), *aliases]


def traits(types=("Fire",), generation=3, stage=2, color="Red", height=1.0, weight=10.0) -> Traits:
    return Traits(
        types=tuple(types),
        generation=generation,
        stage=stage,
        color=color,
        height=height,
        weight=weight,
    )


# --- normalize_name -----------------------------------------------------------------------


# The cases of normalize_name are shared with the autocomplete's normaliser:
# frontend/lib/normalize-cases.json, tested in test_input_forms.py.


def test_it_has_no_name_collisions_between_species_in_any_language(pokedex):
    owners: dict[str, set[int]] = defaultdict(set)
    for species in pokedex:
        for name in accepted_names(species):
            key = normalize_name(name)
            assert key, name
            owners[key].add(species["id"])
    collisions = {key: ids for key, ids in owners.items() if len(ids) > 1}
    assert collisions == {}


# --- NameIndex ----------------------------------------------------------------------------


def test_it_matches_names_of_all_languages(index):
    assert index.match("Pikachu") == 25
    assert index.match("pikachu ") == 25
    assert index.match("Bisasam") == 1
    assert index.match("Bulbizarre") == 1
    assert index.match("ピカチュウ") == 25
    assert index.match("피카츄") == 25
    assert index.match("Пикачу") == 25
    assert index.match("皮卡丘") == 25
    assert index.match("妙蛙種子") == 1
    assert index.match("พิคาชู") == 25


def test_it_matches_the_tricky_spellings(index):
    assert index.match("mr mime") == 122
    assert index.match("FLABEBE") == 669
    assert index.match("farfetchd") == 83
    assert index.match("ho oh") == 250
    assert index.match("porygon z") == 474
    assert index.match("type null") == 772
    assert index.match("nidoran f") == 29
    assert index.match("nidoran m") == 32


def test_it_returns_none_for_unknown_or_empty_names(index):
    assert index.match("Agumon") is None
    assert index.match("") is None
    assert index.match("!!!") is None


def test_it_suggests_the_closest_display_name_for_a_typo(index):
    assert index.suggest("pikachuu") == ["Pikachu"]
    assert index.suggest("bulbsaur") == ["Bulbasaur"]
    assert index.suggest("charizrd") == ["Charizard"]


def test_a_misspelling_seen_before_is_answered_from_memory(index, monkeypatch):
    first = index.suggest("Pikachuu")
    monkeypatch.setattr(rules.difflib, "get_close_matches", lambda *a, **k: pytest.fail())
    assert index.suggest("pikachuu ") == first == ["Pikachu"]  # the same once normalised
    first.append("changed by a caller")
    assert index.suggest("pikachuu") == ["Pikachu"]


def test_the_memory_of_suggestions_stays_bounded(index, monkeypatch):
    monkeypatch.setattr(rules, "SUGGESTION_MEMORY", 3)
    for text in ("pikachuu", "bulbsaur", "charizrd", "squirtel", "eevie"):
        index.suggest(text)
    assert len(index._suggested) <= 3
    assert index.suggest("pikachuu") == ["Pikachu"]


def test_it_suggests_nothing_for_gibberish_or_empty_input(index):
    assert index.suggest("xqzwvk") == []
    assert index.suggest("") == []
    assert index.suggest("pikachuu", limit=0) == []


def test_it_suggests_up_to_limit_names_of_distinct_species(index, pokedex):
    suggestions = index.suggest("pikachu", limit=3)
    assert 1 <= len(suggestions) <= 3
    assert suggestions[0] == "Pikachu"
    ids = [index.match(s) for s in suggestions]
    assert len(set(ids)) == len(ids)


def test_it_builds_an_index_from_plain_pairs():
    small = NameIndex([(1, ["Bulbasaur", "Bisasam"]), (2, ("Ivysaur",))])
    assert small.match("bisasam") == 1
    assert small.match("IVYSAUR") == 2
    assert small.suggest("ivysaurr") == ["Ivysaur"]
    assert small.suggest("bisasm") == ["Bisasam"]
    assert len(small) == 3


def test_it_keeps_the_first_owner_of_a_duplicate_name():
    small = NameIndex([(1, ["Same"]), (2, ["same", "Other"])])
    assert small.match("same") == 1
    assert small.match("other") == 2


# --- compare ------------------------------------------------------------------------------


def test_it_has_the_result_constants():
    assert (CORRECT, PRESENT, WRONG, HIGHER, LOWER) == (
        "correct",
        "present",
        "wrong",
        "higher",
        "lower",
    )
    assert rules.Result.CORRECT == CORRECT
    assert rules.Result.HIGHER == HIGHER
    assert rules.ATTEMPTS == 6


def test_it_returns_all_keys():
    result = compare(traits(), traits())
    assert set(result) == {"type1", "type2", "generation", "stage", "color", "height", "weight"}


def test_it_marks_everything_correct_for_identical_traits():
    assert set(
        compare(traits(types=("Grass", "Poison")), traits(types=("Grass", "Poison"))).values()
    ) == {CORRECT}


def test_it_compares_single_types_with_none_in_the_second_slot():
    result = compare(traits(types=("Fire",)), traits(types=("Fire",)))
    assert (result["type1"], result["type2"]) == (CORRECT, CORRECT)


def test_it_marks_a_missing_second_type_wrong_against_a_real_one():
    result = compare(traits(types=("Fire",)), traits(types=("Fire", "Flying")))
    assert (result["type1"], result["type2"]) == (CORRECT, WRONG)
    result = compare(traits(types=("Fire", "Flying")), traits(types=("Fire",)))
    assert (result["type1"], result["type2"]) == (CORRECT, WRONG)


def test_it_marks_types_in_the_other_slot_present_in_both_orders():
    result = compare(traits(types=("Flying", "Fire")), traits(types=("Fire", "Flying")))
    assert (result["type1"], result["type2"]) == (PRESENT, PRESENT)
    result = compare(traits(types=("Fire", "Flying")), traits(types=("Flying", "Fire")))
    assert (result["type1"], result["type2"]) == (PRESENT, PRESENT)


def test_it_marks_one_type_present_and_the_other_wrong():
    result = compare(traits(types=("Water", "Fire")), traits(types=("Fire", "Flying")))
    assert (result["type1"], result["type2"]) == (WRONG, PRESENT)
    result = compare(traits(types=("Flying", "Water")), traits(types=("Fire", "Flying")))
    assert (result["type1"], result["type2"]) == (PRESENT, WRONG)


def test_it_marks_a_single_type_present_when_it_is_the_answers_second_type():
    result = compare(traits(types=("Flying",)), traits(types=("Fire", "Flying")))
    assert (result["type1"], result["type2"]) == (PRESENT, WRONG)


def test_it_marks_the_guess_second_type_present_against_a_single_type_answer():
    result = compare(traits(types=("Water", "Fire")), traits(types=("Fire",)))
    assert (result["type1"], result["type2"]) == (WRONG, PRESENT)


def test_it_marks_completely_different_types_wrong():
    result = compare(traits(types=("Water", "Ice")), traits(types=("Fire", "Flying")))
    assert (result["type1"], result["type2"]) == (WRONG, WRONG)
    result = compare(traits(types=("Water",)), traits(types=("Fire",)))
    assert (result["type1"], result["type2"]) == (WRONG, CORRECT)


@pytest.mark.parametrize("trait", ["generation", "stage", "height", "weight"])
@pytest.mark.parametrize(
    ("guess", "answer", "expected"),
    [(2, 2, "correct"), (1, 3, "higher"), (3, 1, "lower")],
)
def test_it_compares_numbers_as_correct_higher_or_lower(trait, guess, answer, expected):
    result = compare(traits(**{trait: guess}), traits(**{trait: answer}))
    assert result[trait] == expected
    others = {k: v for k, v in result.items() if k != trait}
    assert set(others.values()) == {CORRECT}


def test_it_compares_decimal_heights_and_weights():
    result = compare(traits(height=0.4, weight=6.0), traits(height=0.5, weight=5.9))
    assert (result["height"], result["weight"]) == (HIGHER, LOWER)


def test_it_compares_colours_as_correct_or_wrong():
    assert compare(traits(color="Yellow"), traits(color="Yellow"))["color"] == CORRECT
    assert compare(traits(color="Yellow"), traits(color="Red"))["color"] == WRONG


def test_it_has_frozen_traits():
    with pytest.raises(AttributeError):
        traits().generation = 4  # type: ignore[misc]


# --- calendar -----------------------------------------------------------------------------


def test_it_numbers_puzzles_from_the_launch_day():
    assert rules.puzzle_number(LAUNCH, LAUNCH) == 1
    assert rules.puzzle_number(date(2025, 1, 2), LAUNCH) == 2
    assert rules.puzzle_number(date(2026, 1, 1), LAUNCH) == 366
    assert rules.puzzle_number(date(2024, 12, 31), LAUNCH) == 0


def test_it_round_trips_puzzle_numbers_and_dates():
    for number in range(-5, 1000, 7):
        assert rules.puzzle_number(rules.puzzle_date(number, LAUNCH), LAUNCH) == number
    assert rules.puzzle_date(1, LAUNCH) == LAUNCH
    assert rules.puzzle_date(60, LAUNCH) == date(2025, 3, 1)


def test_it_changes_day_at_midnight_utc():
    last_second = datetime(2025, 3, 1, 23, 59, 59, tzinfo=UTC)
    midnight = datetime(2025, 3, 2, 0, 0, 0, tzinfo=UTC)
    assert rules.utc_today(last_second) == date(2025, 3, 1)
    assert rules.utc_today(midnight) == date(2025, 3, 2)


def test_it_converts_non_utc_datetimes_to_the_utc_day():
    tokyo = timezone(timedelta(hours=9))
    new_york = timezone(timedelta(hours=-5))
    assert rules.utc_today(datetime(2025, 3, 2, 8, 59, 59, tzinfo=tokyo)) == date(2025, 3, 1)
    assert rules.utc_today(datetime(2025, 3, 2, 9, 0, 0, tzinfo=tokyo)) == date(2025, 3, 2)
    assert rules.utc_today(datetime(2025, 3, 1, 19, 0, 0, tzinfo=new_york)) == date(2025, 3, 2)


def test_it_refuses_naive_datetimes():
    with pytest.raises(ValueError):
        rules.utc_today(datetime(2025, 3, 1, 12, 0))
    with pytest.raises(ValueError):
        rules.next_puzzle_at(datetime(2025, 3, 1, 12, 0))


def test_it_gives_the_next_midnight_utc():
    expected = datetime(2025, 3, 2, tzinfo=UTC)
    for now in (
        datetime(2025, 3, 1, 0, 0, 0, tzinfo=UTC),
        datetime(2025, 3, 1, 12, 30, tzinfo=UTC),
        datetime(2025, 3, 1, 23, 59, 59, 999999, tzinfo=UTC),
        datetime(2025, 3, 1, 20, 0, tzinfo=timezone(timedelta(hours=-3))),
    ):
        result = rules.next_puzzle_at(now)
        assert result == expected
        assert result.utcoffset() == timedelta(0)
    midnight = datetime(2025, 3, 2, tzinfo=UTC)
    assert rules.next_puzzle_at(midnight) == datetime(2025, 3, 3, tzinfo=UTC)
    tokyo_morning = datetime(2025, 3, 2, 8, 0, tzinfo=timezone(timedelta(hours=9)))
    assert rules.next_puzzle_at(tokyo_morning) == expected


def test_it_crosses_month_and_year_boundaries():
    now = datetime(2024, 12, 31, 23, 0, tzinfo=UTC)
    assert rules.next_puzzle_at(now) == datetime(2025, 1, 1, tzinfo=UTC)
    leap = datetime(2024, 2, 28, 23, 0, tzinfo=UTC)
    assert rules.next_puzzle_at(leap) == datetime(2024, 2, 29, tzinfo=UTC)


# --- cycle_used and choose ----------------------------------------------------------------


def test_it_collects_used_ids_of_the_current_cycle():
    assert rules.cycle_used([], {1, 2, 3}) == set()
    assert rules.cycle_used([1, 3], {1, 2, 3}) == {1, 3}
    assert rules.cycle_used([1, 1, 3], {1, 2, 3}) == {1, 3}


def test_it_resets_when_the_pool_is_covered():
    assert rules.cycle_used([1, 2, 3], {1, 2, 3}) == set()
    assert rules.cycle_used([3, 1, 2, 2], {1, 2, 3}) == {2}
    assert rules.cycle_used([1, 2, 3, 3, 1, 2, 1], {1, 2, 3}) == {1}
    assert rules.cycle_used([1, 2, 3, 2, 1, 3], {1, 2, 3}) == set()


def test_it_ignores_history_ids_outside_the_pool():
    assert rules.cycle_used([7, 1, 8, 2], {1, 2, 3}) == {1, 2}
    assert rules.cycle_used([1, 2, 99, 3, 4], {1, 2, 3}) == set()
    assert rules.cycle_used([5, 6], {1, 2, 3}) == set()
    assert rules.cycle_used([1, 2], set()) == set()


def test_it_chooses_by_the_documented_hash():
    day = date(2025, 5, 17)
    digest = hashlib.sha256(b"secret:2025-05-17").hexdigest()
    available = [2, 4, 5, 9]
    expected = available[int(digest, 16) % len(available)]
    assert rules.choose({9, 5, 4, 2, 1}, {1}, day, "secret") == expected


def test_it_chooses_deterministically():
    pool = set(range(1, 152))
    day = date(2025, 5, 17)
    first = rules.choose(pool, {1, 2}, day, "seed")
    assert all(rules.choose(pool, {1, 2}, day, "seed") == first for _ in range(5))
    assert rules.choose(list(pool)[::-1], [2, 1], day, "seed") == first
    assert first in pool - {1, 2}
    picks = {rules.choose(pool, set(), day + timedelta(days=i), "seed") for i in range(30)}
    assert len(picks) > 1
    seeds = {rules.choose(pool, set(), day, f"seed-{i}") for i in range(30)}
    assert len(seeds) > 1


def test_it_never_chooses_a_used_id_while_others_remain():
    pool = {1, 2, 3, 4}
    for offset in range(50):
        day = LAUNCH + timedelta(days=offset)
        assert rules.choose(pool, {1, 2, 3}, day, "s") == 4
        assert rules.choose(pool, {1, 2}, day, "s") in {3, 4}


def test_it_chooses_from_the_whole_pool_when_everything_was_used():
    pool = {1, 2, 3}
    assert rules.choose(pool, {1, 2, 3}, LAUNCH, "s") in pool
    assert rules.choose(pool, {1, 2, 3, 4}, LAUNCH, "s") in pool


def test_it_does_not_repeat_until_the_pool_is_exhausted_over_two_cycles():
    pool = set(range(1, 41))
    history: list[int] = []
    for offset in range(2 * len(pool)):
        day = LAUNCH + timedelta(days=offset)
        used = rules.cycle_used(history, pool)
        history.append(rules.choose(pool, used, day, "cycle-seed"))
    first, second = history[: len(pool)], history[len(pool) :]
    assert sorted(first) == sorted(pool)
    assert sorted(second) == sorted(pool)
    assert rules.cycle_used(history, pool) == set()


def test_it_refuses_an_empty_pool():
    with pytest.raises(ValueError):
        rules.choose(set(), set(), LAUNCH, "s")
    with pytest.raises(ValueError):
        rules.choose([], [1, 2], LAUNCH, "s")


# --- data file ----------------------------------------------------------------------------

LANGUAGES = {"en", "de", "fr", "es", "it", "ja", "ko", "th", "zh-hans", "zh-hant"}
TYPES = {
    "Normal", "Fire", "Water", "Grass", "Electric", "Ice", "Fighting", "Poison", "Ground",
    "Flying", "Psychic", "Bug", "Rock", "Ghost", "Dragon", "Dark", "Steel", "Fairy",
}  # fmt: skip
COLOURS = {"Red", "Blue", "Yellow", "Green", "Black", "Brown", "Purple", "Gray", "White", "Pink"}


def test_it_has_all_1025_species_in_order(pokedex):
    assert len(pokedex) == 1025
    assert [p["id"] for p in pokedex] == list(range(1, 1026))


def test_it_has_complete_and_valid_entries(pokedex):
    keys = {"id", "names", "aliases", "types", "generation", "height", "weight", "color", "stage"}
    for species in pokedex:
        assert set(species) == keys | {"artwork"}, species["id"]
        assert set(species["names"]) == LANGUAGES
        assert set(species["aliases"]) <= {"ru", "zh-hans", "zh-hant"}
        for lang, names in species["aliases"].items():
            assert names and species["names"].get(lang) not in names, species["id"]
        assert species["names"]["en"].strip()
        assert all(name == name.strip() and name for name in species["names"].values())
        assert 1 <= len(species["types"]) <= 2
        assert len(set(species["types"])) == len(species["types"])
        assert set(species["types"]) <= TYPES
        assert species["stage"] in (1, 2, 3)
        assert 1 <= species["generation"] <= 9
        assert species["color"] in COLOURS
        assert isinstance(species["height"], float) and species["height"] > 0
        assert isinstance(species["weight"], float) and species["weight"] > 0
        assert isinstance(species["artwork"], bool)


def test_it_assigns_generations_by_national_number(pokedex):
    by_id = {p["id"]: p for p in pokedex}
    starts = [1, 152, 252, 387, 494, 650, 722, 810, 906]
    for generation, start in enumerate(starts, 1):
        assert by_id[start]["generation"] == generation
        if start > 1:
            assert by_id[start - 1]["generation"] == generation - 1
    assert by_id[1025]["generation"] == 9


def test_it_has_artwork_for_exactly_the_first_649_species(pokedex):
    with_artwork = [p["id"] for p in pokedex if p["artwork"]]
    assert with_artwork == list(range(1, 650))
    for pokemon_id in with_artwork:
        assert (ARTWORK_DIR / f"{pokemon_id}.webp").is_file(), pokemon_id
    files = {int(p.stem) for p in ARTWORK_DIR.glob("*.webp")}
    assert files == set(with_artwork)


def test_it_has_the_official_english_spellings(pokedex):
    english = {p["id"]: p["names"]["en"] for p in pokedex}
    assert english[29] == "Nidoran♀"
    assert english[32] == "Nidoran♂"
    assert english[83] == "Farfetch'd"
    assert english[122] == "Mr. Mime"
    assert english[250] == "Ho-Oh"
    assert english[474] == "Porygon-Z"
    assert english[669] == "Flabébé"
    assert english[772] == "Type: Null"


def test_it_passes_the_spot_checks(pokedex):
    by_id = {p["id"]: p for p in pokedex}
    pikachu = by_id[25]
    assert pikachu["names"]["en"] == "Pikachu"
    assert pikachu["names"]["de"] == "Pikachu"
    assert pikachu["names"]["ja"] == "ピカチュウ"
    assert pikachu["types"] == ["Electric"]
    assert pikachu["generation"] == 1
    assert pikachu["color"] == "Yellow"
    assert pikachu["stage"] == 2
    assert (pikachu["height"], pikachu["weight"]) == (0.4, 6.0)
    assert by_id[1]["names"]["de"] == "Bisasam"
    assert by_id[1]["types"] == ["Grass", "Poison"]
    assert by_id[1]["stage"] == 1
    assert by_id[6]["stage"] == 3
    assert by_id[6]["types"] == ["Fire", "Flying"]
    assert by_id[172]["stage"] == 1  # Pichu: baby, no pre-evolution
    assert by_id[26]["stage"] == 3  # Raichu: Pichu -> Pikachu -> Raichu
    assert by_id[866]["stage"] == 3  # Mr. Rime: Mime Jr. -> Mr. Mime (Galar) -> Mr. Rime
    assert by_id[865]["stage"] == 2  # Sirfetch'd: from Galarian Farfetch'd
    assert by_id[150]["stage"] == 1


@pytest.mark.parametrize(
    ("name", "letter"),
    [
        ("Mr. Mime", "M"),
        ("pikachu", "P"),
        ("ピカチュウ", "ピ"),
        ("โพรีกอน", "พ"),  # the leading vowel โ is said after พ
        ("ไดโอลา", "ด"),
        ("พิคาชู", "พ"),
        ("피카츄", "ㅍ"),  # the initial consonant of the first syllable
        ("꼬부기", "ㄲ"),
        ("이상해씨", "ㅇ"),
        ("힁", "ㅎ"),  # the block's last syllable
        ("皮卡丘", "皮"),  # no romaniser: a character stays itself
    ],
)
def test_the_lifeline_letter_is_a_meaningful_first_letter(name, letter):
    assert rules.first_letter(name) == letter


def test_the_korean_initial_is_the_syllables_own_first_jamo():
    """The arithmetic agrees with Unicode's decomposition of every Hangul syllable."""
    for code in range(0xAC00, 0xD7A4):
        syllable = chr(code)
        leading = unicodedata.normalize("NFD", syllable)[0]  # a conjoining jamo, U+1100…
        initial = rules.first_letter(syllable)
        assert "CHOSEONG" in unicodedata.name(leading)
        assert unicodedata.name(initial).split()[-1] == unicodedata.name(leading).split()[-1]


@pytest.mark.parametrize(
    ("name", "letter"),
    [
        ("皮卡丘", "P"),
        ("仆刀将军", "P"),
        ("阿柏蛇", "A"),
        ("长尾怪手", "C"),  # 长 is cháng, "long", not zhǎng
        ("长毛猪", "C"),
        ("藏饱栗鼠", "C"),
        ("藏玛然特", "Z"),  # Zamazenta: zàng
        ("扒手猫", "P"),
        ("属性：空", "S"),
        ("3D龙Z", "3"),  # not a character: as in any script
        ("Pikachu", "P"),  # an English fallback name
    ],
)
def test_the_chinese_lifeline_letter_is_the_pinyin_initial(name, letter):
    assert rules.first_letter(name, pinyin.romanise) == letter


def test_every_chinese_and_korean_name_gives_a_letter_of_its_kind():
    data = json.loads((Path(__file__).resolve().parents[1] / "data/pokedex.json").read_text())
    for species in data:
        chinese = rules.first_letter(species["names"]["zh-hans"], pinyin.romanise)
        assert chinese.isascii() and chinese.isupper(), species["names"]["zh-hans"]
        korean = rules.first_letter(species["names"]["ko"])
        assert unicodedata.name(korean).startswith("HANGUL LETTER"), species["names"]["ko"]
