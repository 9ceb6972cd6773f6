"""Pure rules behind the staff tools (puzzle/rules.py): scheduling a Pokémon and reading
stored accepted names. No database: run alone with
`pytest puzzle/tests/test_staff_rules.py -p no:django --noconftest`."""

from datetime import date, timedelta

from puzzle.rules import ScheduleConflict, accepted_names, schedule_conflict

DAY = date(2027, 1, 10)
POOL = {1, 2, 3, 4}


def test_it_accepts_a_pool_pokemon_far_from_its_other_puzzles():
    puzzles = [(DAY - timedelta(days=60), 1), (DAY - timedelta(days=3), 2)]
    assert schedule_conflict(3, DAY, puzzles, POOL) is None


def test_it_refuses_a_pokemon_outside_the_pool():
    assert schedule_conflict(9, DAY, [], POOL) == ScheduleConflict(ScheduleConflict.NOT_IN_POOL)


def test_it_refuses_a_pokemon_within_30_days_of_an_earlier_or_later_puzzle():
    earlier = DAY - timedelta(days=29)
    later = DAY + timedelta(days=5)
    assert schedule_conflict(1, DAY, [(earlier, 1)], POOL) == ScheduleConflict(
        ScheduleConflict.TOO_CLOSE, earlier
    )
    assert schedule_conflict(1, DAY, [(later, 1)], POOL).day == later


def test_thirty_days_apart_is_allowed_when_the_cycle_has_turned():
    history = [(DAY - timedelta(days=34 - i), pid) for i, pid in enumerate([1, 2, 3, 4])]
    assert schedule_conflict(1, DAY, history, POOL) is None


def test_it_refuses_a_pokemon_already_used_in_the_current_cycle():
    first = DAY - timedelta(days=40)
    history = [(first, 1), (first + timedelta(days=1), 2)]
    assert schedule_conflict(1, DAY, history, POOL) == ScheduleConflict(
        ScheduleConflict.SAME_CYCLE, first
    )


def test_the_day_being_rescheduled_does_not_conflict_with_itself():
    assert schedule_conflict(1, DAY, [(DAY, 1)], POOL) is None


def test_accepted_names_tolerate_malformed_stored_values():
    assert accepted_names(["Pika", " Chu ", 3, None, "", ["x"]]) == ["Pika", "Chu"]
    assert accepted_names("Pika") == ["Pika"]
    assert accepted_names({"Pika": 1}) == []
    assert accepted_names(5) == []
    assert accepted_names(None) == []
