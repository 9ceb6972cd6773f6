"""The Pokédex and released puzzles, kept in each worker's memory (docs/scaling.md).

Both change only when staff edit them (or a new day's puzzle is chosen), so a request
reads them from here after one cache get of their versions (``portal.versions``); the
signals in ``puzzle.apps`` bump a version on every save or delete, and code that
writes with ``QuerySet.update()`` bumps it itself. The objects are shared between
requests of a worker: read them, never change them.
"""

from datetime import date

from portal import versions
from puzzle import rules
from puzzle.models import DailyPuzzle, Pokemon, launch_date, today

POKEDEX = "pokedex"
PUZZLES = "puzzles"

_pokedex: tuple[int, dict[int, Pokemon]] = (0, {})
_puzzles: tuple[tuple[int, ...], dict[date, DailyPuzzle]] = ((), {})


def pokedex() -> dict[int, Pokemon]:
    """Every Pokémon by national number."""
    global _pokedex
    version = versions.get(POKEDEX)
    if _pokedex[0] != version:
        _pokedex = (version, Pokemon.objects.in_bulk())
    return _pokedex[1]


def load_at_start() -> None:
    """A new worker reads the Pokédex before its first request (portal.warmup)."""
    pokedex()


def pokemon(pk: int) -> Pokemon | None:
    return pokedex().get(pk)


def puzzle_for_date(day: date) -> DailyPuzzle:
    """The released puzzle of ``day`` (chosen on first use, see ``DailyPuzzle.for_date``)."""
    global _puzzles
    version = versions.get_many(PUZZLES, POKEDEX)
    if _puzzles[0] != version:
        _puzzles = (version, {})
    known = _puzzles[1]
    puzzle = known.get(day)
    if puzzle is None:
        puzzle = DailyPuzzle.for_date(day)
        # Its Pokémon comes from the shared Pokédex, so both stay in step.
        puzzle.pokemon = pokedex().get(puzzle.pokemon_id, puzzle.pokemon)
        known[day] = puzzle
    return puzzle


def puzzle_for_number(number: int) -> DailyPuzzle | None:
    """The released puzzle with this number, or None (future or before #1)."""
    if number < 1:
        return None
    day = rules.puzzle_date(number, launch_date())
    if day > today():
        return None
    return puzzle_for_date(day)


def forget_puzzles() -> None:
    """Forget the released puzzles (tests whose writes to them are rolled back)."""
    global _puzzles
    _puzzles = ((), {})


def clear() -> None:
    """Forget everything (tests that write with ``update()`` between requests)."""
    global _pokedex
    _pokedex = (0, {})
    forget_puzzles()
