"""Property tests (hypothesis): name normalisation, hint rules, and the guess endpoint
never answering 5xx nor changing state when it refuses a request."""

import json
import string
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzle import rules
from puzzle.models import DailyPuzzle, PlayerGame
from puzzle.tests.examples import examples

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21
FAST = settings(max_examples=examples(50), deadline=None)
ASCII_NAME = st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=20)
SEPARATORS = st.text(alphabet=" .-'’:_", max_size=3)


class TestNormalisation:
    @FAST
    @given(st.text())
    def test_it_never_fails_and_keeps_no_spaces_or_punctuation(self, text):
        key = rules.normalize_name(text)
        assert not any(c.isspace() for c in key)
        assert all(c.isalnum() or rules._is_mark(c) for c in key)

    @FAST
    @given(st.text())
    def test_it_is_idempotent(self, text):
        key = rules.normalize_name(text)
        assert rules.normalize_name(key) == key

    @FAST
    @given(ASCII_NAME)
    def test_case_does_not_matter(self, name):
        assert rules.normalize_name(name.swapcase()) == rules.normalize_name(name)

    @FAST
    @given(ASCII_NAME, ASCII_NAME, SEPARATORS)
    def test_spaces_and_punctuation_do_not_matter(self, left, right, separator):
        assert rules.normalize_name(left + separator + right) == rules.normalize_name(left + right)

    @FAST
    @given(st.text(alphabet="aeiouncAEIOUNC", min_size=1, max_size=12))
    def test_latin_accents_do_not_matter(self, name):
        accented = name.translate(str.maketrans("aeiouncAEIOUNC", "áéíóúñçÀÉÎÖÜÑÇ"))
        assert rules.normalize_name(accented) == rules.normalize_name(name)

    @FAST
    @given(st.text(max_size=80))
    def test_matching_and_suggestions_never_fail(self, text):
        index = rules.NameIndex([(25, ["Pikachu", "ピカチュウ"]), (122, ["Mr. Mime"])])
        assert index.match(text) in {None, 25, 122}
        assert len(index.suggest(text, limit=2)) <= 2


TRAITS = st.builds(
    rules.Traits,
    types=st.lists(st.sampled_from(["Fire", "Water", "Grass", "Flying"]), min_size=1, max_size=2)
    .filter(lambda t: len(set(t)) == len(t))
    .map(tuple),
    generation=st.integers(1, 9),
    stage=st.integers(1, 3),
    color=st.sampled_from(["Red", "Blue", "Green"]),
    height=st.floats(0.1, 20, allow_nan=False),
    weight=st.floats(0.1, 999, allow_nan=False),
)
NUMERIC = ("generation", "stage", "height", "weight")
OPPOSITE = {rules.HIGHER: rules.LOWER, rules.LOWER: rules.HIGHER, rules.CORRECT: rules.CORRECT}


class TestHints:
    @FAST
    @given(TRAITS)
    def test_the_answer_itself_is_correct_everywhere(self, traits):
        assert set(rules.compare(traits, traits).values()) == {rules.CORRECT}

    @FAST
    @given(TRAITS, TRAITS)
    def test_numeric_hints_point_the_other_way_when_swapped(self, guess, answer):
        forward, backward = rules.compare(guess, answer), rules.compare(answer, guess)
        for key in NUMERIC:
            assert backward[key] == OPPOSITE[forward[key]]

    @FAST
    @given(TRAITS, TRAITS)
    def test_type_hints_are_correct_present_or_wrong(self, guess, answer):
        result = rules.compare(guess, answer)
        assert {result["type1"], result["type2"]} <= {rules.CORRECT, rules.PRESENT, rules.WRONG}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)
BODIES = st.one_of(
    st.binary(max_size=200),
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    st.text(max_size=80).map(lambda name: json.dumps({"name": name}).encode()),
    st.sampled_from(["Pikachu", "bulbasaur", "Mr Mime", "ピカチュウ", "Flabebe", "zzz"]).map(
        lambda name: json.dumps({"name": name}).encode()
    ),
)
CONTENT_TYPES = st.sampled_from(
    ["application/json", "application/json", "text/plain", "multipart/form-data; boundary=x", ""]
)


def snapshot() -> list:
    return sorted(PlayerGame.objects.values_list("pk", "guesses", "status", "counts_for_stats"))


@pytest.mark.django_db
class TestGuessEndpoint:
    @pytest.fixture(autouse=True)
    def _today(self):
        with time_machine.travel(NOON, tick=False):
            DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)
            yield

    @settings(
        max_examples=examples(30),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(body=BODIES, content_type=CONTENT_TYPES, number=st.integers(-5, 10**25))
    def test_no_5xx_and_a_refused_guess_changes_nothing(
        self, client, settings, body, content_type, number
    ):
        settings.RATELIMIT_ENABLE = False
        number = number if number % 3 else 21  # a third of the time, today's puzzle
        before = snapshot()
        response = client.post(f"/api/puzzle/{number}/guesses", body, content_type=content_type)
        assert response.status_code < 500
        assert response["Content-Type"].startswith("application/json")
        if response.status_code != 201:
            assert snapshot() == before
            assert set(response.json()["error"]) >= {"code", "message"}
        else:
            assert len(snapshot()) >= len(before)

    @settings(
        max_examples=examples(8),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(names=st.lists(st.text(max_size=20), min_size=1, max_size=40))
    def test_a_flood_of_junk_never_changes_a_game(self, names):
        client = Client()
        client.post(
            "/api/puzzle/21/guesses",
            json.dumps({"name": "Bulbasaur"}),
            content_type="application/json",
        )
        before = snapshot()
        for name in names:
            response = client.post(
                "/api/puzzle/21/guesses",
                json.dumps({"name": name}),
                content_type="application/json",
            )
            assert response.status_code < 500
            if response.status_code != 201:
                assert snapshot() == before
            before = snapshot()
