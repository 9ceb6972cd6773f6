"""Choosing the daily puzzle: staff schedules, deterministic picks without repeats,
race-safe creation."""

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError

from puzzle.models import DailyPuzzle, Pokemon

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def test_it_creates_missing_days_in_order_and_deterministically():
    with time_machine.travel(NOON, tick=False):
        first = DailyPuzzle.for_date(date(2026, 11, 21), save=True)
        picks = list(DailyPuzzle.objects.order_by("date").values_list("pokemon_id", flat=True))
        DailyPuzzle.objects.all().delete()
        again = DailyPuzzle.for_date(date(2026, 11, 21), save=True)
        repeat = list(DailyPuzzle.objects.order_by("date").values_list("pokemon_id", flat=True))
    assert len(picks) == 21
    assert picks == repeat
    assert first.pokemon_id == again.pokemon_id
    assert len(set(picks)) == 21  # no repeats while the pool lasts


def test_reading_a_puzzle_writes_nothing_and_the_first_guess_saves_the_same_pick(client):
    with time_machine.travel(NOON, tick=False):
        read = client.get("/api/puzzle/today")
        silhouette = client.get("/api/puzzle/21/silhouette.png")
        page = client.get("/")
        assert (read.status_code, silhouette.status_code, page.status_code) == (200, 200, 200)
        assert not DailyPuzzle.objects.exists()
        planned = DailyPuzzle.for_date(date(2026, 11, 21))
        client.post("/api/puzzle/21/guesses", '{"name": "Mew"}', content_type="application/json")
    assert DailyPuzzle.objects.get(date=date(2026, 11, 21)).pokemon_id == planned.pokemon_id
    assert DailyPuzzle.objects.count() == 21


def test_days_chosen_together_are_the_days_chosen_one_at_a_time():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=date(2026, 11, 30), pokemon_id=25, scheduled=True)
        DailyPuzzle.for_date(date(2026, 11, 21), save=True)
        together = list(DailyPuzzle.objects.order_by("date").values_list("date", "pokemon_id"))
        DailyPuzzle.objects.filter(scheduled=False).delete()
        for day in range(1, 22):
            DailyPuzzle.for_date(date(2026, 11, day), save=True)
        one_by_one = list(DailyPuzzle.objects.order_by("date").values_list("date", "pokemon_id"))
    assert together == one_by_one
    assert (date(2026, 11, 30), 25) in together
    assert 25 not in [pokemon for day, pokemon in together if day < date(2026, 11, 30)]


def test_it_only_picks_pool_members_with_artwork():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.for_date(date(2026, 11, 21), save=True)
    ids = DailyPuzzle.objects.values_list("pokemon_id", flat=True)
    assert all(1 <= i <= 649 for i in ids)


def test_a_staff_schedule_wins_and_its_pokemon_is_saved_for_that_day():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=date(2026, 11, 25), pokemon_id=150, scheduled=True)
        DailyPuzzle.for_date(date(2026, 11, 21), save=True)
    with time_machine.travel(NOON + timedelta(days=4), tick=False):
        puzzle = DailyPuzzle.for_number(25)
        earlier = DailyPuzzle.objects.filter(date__lt=date(2026, 11, 25))
    assert puzzle.pokemon_id == 150
    assert 150 not in set(earlier.values_list("pokemon_id", flat=True))


def test_staff_cannot_schedule_a_past_date_or_a_pokemon_outside_the_pool():
    with time_machine.travel(NOON, tick=False):
        past = DailyPuzzle(date=date(2026, 11, 21), pokemon_id=25)
        with pytest.raises(ValidationError) as error:
            past.full_clean()
        assert "date" in error.value.message_dict
        outside = DailyPuzzle(date=date(2026, 12, 1), pokemon_id=1000)
        with pytest.raises(ValidationError) as error:
            outside.full_clean()
        assert "pokemon" in error.value.message_dict
        DailyPuzzle(date=date(2026, 12, 1), pokemon_id=25).full_clean()


def test_a_concurrent_creation_settles_on_one_row(monkeypatch):
    """The second request finds the row the first one created (the unique date wins)."""
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.for_date(date(2026, 11, 20), save=True)
        write = DailyPuzzle.objects.bulk_create

        def racing(rows, **options):
            # The other request, which read the same history, writes first…
            write([DailyPuzzle(date=row.date, pokemon_id=row.pokemon_id) for row in rows])
            return write(rows, **options)  # …then this one writes and must not fail

        monkeypatch.setattr(DailyPuzzle.objects, "bulk_create", racing)
        puzzle = DailyPuzzle.for_date(date(2026, 11, 21), save=True)
    assert DailyPuzzle.objects.filter(date=date(2026, 11, 21)).count() == 1
    assert puzzle.date == date(2026, 11, 21)


def test_the_import_keeps_staff_pool_decisions():
    from django.core.management import call_command

    Pokemon.objects.filter(pk=1).update(in_daily_pool=False)
    Pokemon.objects.filter(pk=700).update(in_daily_pool=True)
    call_command("import_pokedex", verbosity=0)
    assert Pokemon.objects.get(pk=1).in_daily_pool is False
    assert Pokemon.objects.get(pk=700).in_daily_pool is True
    assert Pokemon.objects.count() == 1025


def test_the_pool_needs_artwork():
    pokemon = Pokemon.objects.get(pk=1000)
    pokemon.in_daily_pool = True
    with pytest.raises(ValidationError):
        pokemon.full_clean()
    assert not Pokemon.objects.in_pool().filter(pk=1000).exists()
