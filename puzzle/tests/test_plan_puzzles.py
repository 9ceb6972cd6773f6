"""``manage.py plan_puzzles``: today's and tomorrow's puzzles are saved before midnight,
so the first guess of a day finds its row instead of writing it."""

from datetime import UTC, date, datetime
from io import StringIO

import pytest
import time_machine
from django.core.management import call_command
from django.test import override_settings

from puzzle.models import DailyPuzzle

pytestmark = pytest.mark.django_db
EVENING = datetime(2026, 11, 21, 23, 50, tzinfo=UTC)
AFTER_MIDNIGHT = datetime(2026, 11, 22, 0, 0, 1, tzinfo=UTC)


def plan() -> None:
    call_command("plan_puzzles", stdout=StringIO())


def test_it_saves_today_and_tomorrow():
    with time_machine.travel(EVENING, tick=False):
        plan()
    assert DailyPuzzle.objects.filter(date=date(2026, 11, 21)).exists()
    assert DailyPuzzle.objects.filter(date=date(2026, 11, 22)).exists()


def test_tomorrows_row_is_the_pick_a_first_guess_would_have_saved():
    with time_machine.travel(EVENING, tick=False):
        unsaved = DailyPuzzle.for_date(date(2026, 11, 22))
        plan()
    assert DailyPuzzle.objects.get(date=date(2026, 11, 22)).pokemon_id == unsaved.pokemon_id


def test_the_first_guess_after_midnight_writes_no_puzzle_row(client):
    with time_machine.travel(EVENING, tick=False):
        plan()
    rows = DailyPuzzle.objects.count()
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        number = client.get("/api/puzzle/today").json()["number"]
        response = client.post(
            f"/api/puzzle/{number}/guesses", '{"name": "Mew"}', content_type="application/json"
        )
    assert response.status_code == 201
    assert DailyPuzzle.objects.count() == rows


def test_a_second_run_changes_nothing():
    with time_machine.travel(EVENING, tick=False):
        plan()
        first = list(DailyPuzzle.objects.values_list("date", "pokemon_id", "created_at"))
        plan()
    assert list(DailyPuzzle.objects.values_list("date", "pokemon_id", "created_at")) == first


def test_before_the_launch_date_it_saves_nothing():
    with (
        time_machine.travel(EVENING, tick=False),
        override_settings(PUZZLE_LAUNCH_DATE="2027-01-01"),
    ):
        plan()
    assert not DailyPuzzle.objects.exists()
