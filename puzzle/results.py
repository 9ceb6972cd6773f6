"""How all players did on one puzzle, counted by the database and cached briefly.

One grouped query (status × number of guesses) instead of loading every game: its cost
does not grow with the number of players in Python, and the answer is cached for
``CACHE_SECONDS`` per puzzle, so a popular puzzle's results cost one query per window.
"""

from django.core.cache import cache
from django.db.models import Count, Func, IntegerField

from puzzle.models import DailyPuzzle, PlayerGame
from puzzle.stats import results_summary

CACHE_SECONDS = 30


class JSONArrayLength(Func):
    """Length of a JSON array column (``PlayerGame.guesses``), on SQLite and PostgreSQL."""

    function = "JSON_ARRAY_LENGTH"
    output_field = IntegerField()

    def as_postgresql(self, compiler, connection, **extra_context):
        return self.as_sql(compiler, connection, function="JSONB_ARRAY_LENGTH", **extra_context)


def count_finished(puzzle: DailyPuzzle) -> list[tuple[bool, int, int]]:
    """``(won, attempts, players)`` for every finished, counted game of ``puzzle``."""
    rows = (
        PlayerGame.objects.filter(
            puzzle=puzzle,
            counts_for_stats=True,
            status__in=[PlayerGame.Status.WON, PlayerGame.Status.LOST],
        )
        .annotate(guess_count=JSONArrayLength("guesses"))
        .values("status", "guess_count")
        .annotate(players=Count("pk"))
        .order_by()
    )
    return [
        (row["status"] == PlayerGame.Status.WON, row["guess_count"], row["players"]) for row in rows
    ]


def puzzle_results_summary(puzzle: DailyPuzzle) -> dict:
    key = f"puzzle:results:{puzzle.pk}"
    summary = cache.get(key)
    if summary is None:
        summary = results_summary(count_finished(puzzle))
        cache.set(key, summary, timeout=CACHE_SECONDS)
    return summary
