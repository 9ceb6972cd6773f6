"""The pure rules of the daily game (puzzle/rules.py): names, hints, calendar, picks.
No database: these run without Django's test machinery."""

import json
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from puzzle import rules
from puzzle.rules import NameIndex, Traits, compare, normalize_name

DATA = Path(__file__).resolve().parents[1] / "data" / "pokedex.json"
ARTWORK = Path(__file__).resolve().parents[1] / "static" / "puzzle" / "artwork"


@pytest.fixture(scope="module")
def pokedex() -> list[dict]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def english(pokedex) -> NameIndex:
    return NameIndex((p["id"], [p["names"]["en"]]) for p in pokedex)


class TestNormalizeName:
    @pytest.mark.parametrize(
        ("typed", "official"),
        [
            ("mr mime", "Mr. Mime"),
            ("FLABEBE", "Flabébé"),
            ("farfetchd", "Farfetch’d"),
            ("farfetchd", "Farfetch'd"),
            ("ho oh", "Ho-Oh"),
            ("porygon z", "Porygon-Z"),
            ("type null", "Type: Null"),
            ("nidoran f", "Nidoran♀"),
            ("nidoran m", "Nidoran♂"),
            ("  PIKACHU ", "Pikachu"),
            ("Ёлка", "елка"),
        ],
    )
    def test_it_ignores_case_accents_spaces_and_punctuation(self, typed, official):
        assert normalize_name(typed) == normalize_name(official)

    def test_it_keeps_kana_voicing_marks(self):
        assert normalize_name("ガ") != normalize_name("カ")
        assert normalize_name("ピカチュウ") == normalize_name("ピカチュウ")

    def test_it_keeps_thai_and_hangul(self):
        assert normalize_name("พิคาชู") != ""
        assert normalize_name("피카츄") == "피카츄"

    def test_it_returns_nothing_for_punctuation_only(self):
        assert normalize_name(" .-' ") == ""

    def test_no_two_species_collide_in_any_language(self, pokedex):
        languages = {lang for p in pokedex for lang in p["names"]}
        for lang in languages:
            seen: dict[str, int] = {}
            for p in pokedex:
                name = p["names"].get(lang)
                if not name:
                    continue
                key = normalize_name(name)
                assert key, (lang, name)
                assert seen.setdefault(key, p["id"]) == p["id"], (lang, name)


class TestNameIndex:
    def test_it_matches_any_given_name(self):
        index = NameIndex([(1, ["Bulbasaur", "Bisasam"]), (25, ["Pikachu"])])
        assert index.match("bisasam") == 1
        assert index.match("BULBASAUR") == 1
        assert index.match("pika chu") == 25
        assert index.match("Raichu") is None
        assert len(index) == 3

    def test_it_suggests_the_closest_name_for_a_typo(self, english):
        assert english.suggest("pikachuu") == ["Pikachu"]
        assert english.suggest("bulbsaur") == ["Bulbasaur"]

    def test_it_suggests_nothing_for_gibberish_or_empty_text(self, english):
        assert english.suggest("zzzzzzzzzzzz") == []
        assert english.suggest("") == []
        assert english.suggest("pikachu", limit=0) == []

    def test_it_suggests_one_name_per_species(self):
        index = NameIndex([(25, ["Pikachu", "Pikachuu"]), (26, ["Raichu"])])
        assert index.suggest("pikachux", limit=3)[:1] in (["Pikachu"], ["Pikachuu"])
        assert len(index.suggest("pikachux", limit=3)) == len(
            set(index.suggest("pikachux", limit=3))
        )


def traits(types=("Fire",), generation=1, stage=1, color="Red", height=1.0, weight=10.0) -> Traits:
    return Traits(
        types=tuple(types),
        generation=generation,
        stage=stage,
        color=color,
        height=height,
        weight=weight,
    )


class TestCompare:
    def test_identical_traits_are_all_correct(self):
        t = traits(types=("Grass", "Poison"))
        assert set(compare(t, t).values()) == {rules.CORRECT}

    def test_a_type_in_the_other_slot_is_present(self):
        result = compare(traits(types=("Poison", "Grass")), traits(types=("Grass", "Poison")))
        assert result["type1"] == rules.PRESENT and result["type2"] == rules.PRESENT

    def test_a_missing_second_type_matches_a_missing_second_type(self):
        result = compare(traits(types=("Fire",)), traits(types=("Fire",)))
        assert result["type2"] == rules.CORRECT

    def test_a_missing_second_type_against_a_real_one_is_wrong(self):
        assert (
            compare(traits(types=("Fire",)), traits(types=("Fire", "Flying")))["type2"]
            == rules.WRONG
        )
        assert (
            compare(traits(types=("Fire", "Flying")), traits(types=("Fire",)))["type2"]
            == rules.WRONG
        )

    def test_a_single_type_that_is_the_answers_second_type_is_present(self):
        result = compare(traits(types=("Flying",)), traits(types=("Normal", "Flying")))
        assert result["type1"] == rules.PRESENT

    def test_an_unrelated_type_is_wrong(self):
        assert compare(traits(types=("Water",)), traits(types=("Fire",)))["type1"] == rules.WRONG

    @pytest.mark.parametrize("key", ["generation", "stage", "height", "weight"])
    def test_numbers_say_higher_lower_or_correct(self, key):
        low, high = (1, 3) if key in ("generation", "stage") else (0.5, 2.5)
        assert compare(traits(**{key: low}), traits(**{key: high}))[key] == rules.HIGHER
        assert compare(traits(**{key: high}), traits(**{key: low}))[key] == rules.LOWER
        assert compare(traits(**{key: low}), traits(**{key: low}))[key] == rules.CORRECT

    def test_colour_is_correct_or_wrong(self):
        assert compare(traits(color="Red"), traits(color="Red"))["color"] == rules.CORRECT
        assert compare(traits(color="Red"), traits(color="Blue"))["color"] == rules.WRONG

    def test_it_returns_every_hint_key(self):
        assert set(compare(traits(), traits())) == {
            "type1",
            "type2",
            "generation",
            "stage",
            "color",
            "height",
            "weight",
        }


class TestCalendar:
    LAUNCH = date(2026, 11, 1)

    def test_puzzle_numbers_count_days_since_launch(self):
        assert rules.puzzle_number(self.LAUNCH, self.LAUNCH) == 1
        assert rules.puzzle_number(date(2026, 11, 21), self.LAUNCH) == 21

    def test_numbers_and_dates_round_trip(self):
        for number in (1, 2, 30, 365, 1000):
            assert (
                rules.puzzle_number(rules.puzzle_date(number, self.LAUNCH), self.LAUNCH) == number
            )

    def test_the_day_turns_at_midnight_utc(self):
        assert rules.utc_today(datetime(2026, 11, 21, 23, 59, 59, tzinfo=UTC)) == date(2026, 11, 21)
        assert rules.utc_today(datetime(2026, 11, 22, 0, 0, 0, tzinfo=UTC)) == date(2026, 11, 22)

    def test_a_local_time_is_converted_to_utc(self):
        tokyo = timezone(timedelta(hours=9))
        assert rules.utc_today(datetime(2026, 11, 22, 8, 0, tzinfo=tokyo)) == date(2026, 11, 21)
        assert rules.utc_today(datetime(2026, 11, 22, 9, 0, tzinfo=tokyo)) == date(2026, 11, 22)

    def test_a_naive_time_is_refused(self):
        with pytest.raises(ValueError):
            rules.utc_today(datetime(2026, 11, 21, 12, 0))

    def test_the_next_puzzle_is_at_the_next_utc_midnight(self):
        assert rules.next_puzzle_at(datetime(2026, 11, 21, 12, 0, tzinfo=UTC)) == datetime(
            2026, 11, 22, tzinfo=UTC
        )
        assert rules.next_puzzle_at(datetime(2026, 11, 22, 0, 0, tzinfo=UTC)) == datetime(
            2026, 11, 23, tzinfo=UTC
        )


class TestDailyChoice:
    def test_cycle_used_collects_until_the_pool_is_covered(self):
        assert rules.cycle_used([1, 2], {1, 2, 3}) == {1, 2}
        assert rules.cycle_used([1, 2, 3], {1, 2, 3}) == set()
        assert rules.cycle_used([1, 2, 3, 2], {1, 2, 3}) == {2}

    def test_cycle_used_ignores_ids_outside_the_pool(self):
        assert rules.cycle_used([9, 1, 9], {1, 2}) == {1}

    def test_choose_is_deterministic(self):
        pool = set(range(1, 50))
        day = date(2026, 11, 21)
        assert rules.choose(pool, set(), day, "seed") == rules.choose(pool, set(), day, "seed")
        picks = {rules.choose(pool, set(), day, f"seed{i}") for i in range(20)}
        assert len(picks) > 1  # the seed matters

    def test_choose_never_repeats_until_the_pool_is_exhausted(self):
        pool = set(range(1, 31))
        history: list[int] = []
        day = date(2026, 1, 1)
        for i in range(2 * len(pool)):
            used = rules.cycle_used(history, pool)
            history.append(rules.choose(pool, used, day + timedelta(days=i), "s"))
        assert set(history[:30]) == pool
        assert set(history[30:]) == pool

    def test_choose_starts_a_new_cycle_when_everything_was_used(self):
        assert rules.choose({1, 2}, {1, 2}, date(2026, 1, 1), "s") in {1, 2}

    def test_choose_refuses_an_empty_pool(self):
        with pytest.raises(ValueError):
            rules.choose(set(), set(), date(2026, 1, 1), "s")


class TestData:
    def test_it_has_every_species_once(self, pokedex):
        assert [p["id"] for p in pokedex] == list(range(1, 1026))

    def test_every_species_has_names_types_and_a_stage(self, pokedex):
        for p in pokedex:
            assert p["names"]["en"]
            assert 1 <= len(p["types"]) <= 2
            assert 1 <= p["stage"] <= 3
            assert 1 <= p["generation"] <= 9
            assert p["height"] > 0 and p["weight"] > 0

    def test_artwork_exists_for_the_first_five_generations(self, pokedex):
        with_art = [p["id"] for p in pokedex if p["artwork"]]
        assert with_art == list(range(1, 650))
        assert all((ARTWORK / f"{n}.webp").exists() for n in with_art)

    def test_spot_checks(self, pokedex):
        by_id = {p["id"]: p for p in pokedex}
        assert by_id[25]["types"] == ["Electric"] and by_id[25]["generation"] == 1
        assert by_id[25]["color"] == "Yellow" and by_id[25]["stage"] == 2
        assert by_id[6]["stage"] == 3
        assert by_id[1]["names"]["de"] == "Bisasam"
        assert by_id[25]["names"]["ja"] == "ピカチュウ"
        assert by_id[29]["names"]["en"] == "Nidoran♀"
        assert by_id[772]["names"]["en"] == "Type: Null"
