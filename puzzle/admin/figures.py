"""Figures for the staff dashboard: SQL aggregates over finished games, cached briefly.

Nothing here runs on a player's request: the game only writes its rows (and counts a
refused name), and the dashboard reads them here, so it can never slow the game.
"""

from dataclasses import dataclass, field
from datetime import date, timedelta

from django.core.cache import cache
from django.db.models import Avg, Count, Q
from django.db.models.functions import TruncDate

from portal import languages
from puzzle import rules
from puzzle.models import DailyPuzzle, PlayerGame, RefusedName, launch_date

CACHE_SECONDS = 300
WON = PlayerGame.Status.WON
FINISHED = [PlayerGame.Status.WON, PlayerGame.Status.LOST]


@dataclass
class PuzzleFigures:
    day: date
    number: int
    pokemon: str = ""
    players: int = 0  # distinct players who played anything that day
    started: int = 0  # daily games begun for this puzzle
    finished: int = 0
    won: int = 0
    average_guesses: float | None = None  # over wins
    distribution: list[int] = field(default_factory=lambda: [0] * rules.ATTEMPTS)

    @property
    def win_rate(self) -> float | None:
        return round(100 * self.won / self.finished, 1) if self.finished else None


def _figures(first: date, last: date) -> dict[date, PuzzleFigures]:
    puzzles = DailyPuzzle.objects.filter(date__range=(first, last)).select_related("pokemon")
    figures = {
        p.date: PuzzleFigures(day=p.date, number=p.number, pokemon=str(p.pokemon)) for p in puzzles
    }
    games = PlayerGame.objects.filter(counts_for_stats=True, puzzle__date__range=(first, last))
    for row in games.values("puzzle__date").annotate(
        started=Count("id"),
        # Not "finished": PlayerGame has a property of that name.
        ended=Count("id", filter=Q(status__in=FINISHED)),
        won=Count("id", filter=Q(status=WON)),
        average=Avg("attempts", filter=Q(status=WON)),
    ):
        entry = figures.get(row["puzzle__date"])
        if entry is None:
            continue
        entry.started, entry.finished, entry.won = row["started"], row["ended"], row["won"]
        entry.average_guesses = round(row["average"], 2) if row["average"] else None
    for won_row in (
        games.filter(status=WON).values("puzzle__date", "attempts").annotate(count=Count("id"))
    ):
        entry = figures.get(won_row["puzzle__date"])
        if entry is not None and 1 <= won_row["attempts"] <= rules.ATTEMPTS:
            entry.distribution[won_row["attempts"] - 1] = won_row["count"]
    active = (
        PlayerGame.objects.filter(started_at__date__range=(first, last))
        .annotate(day=TruncDate("started_at"))
        .values("day")
        .annotate(players=Count("player", distinct=True))
    )
    for day_row in active:
        if day_row["day"] in figures:
            figures[day_row["day"]].players = day_row["players"]
    return figures


def last_days(today: date, days: int = 30) -> list[PuzzleFigures]:
    """One entry per released puzzle of the last ``days`` days, oldest first."""
    first = max(today - timedelta(days=days - 1), launch_date())
    key = f"insights:days:{first}:{today}"
    cached = cache.get(key)
    if cached is None:
        cached = sorted(_figures(first, today).values(), key=lambda f: f.day)
        cache.set(key, cached, CACHE_SECONDS)
    return cached


def for_puzzle(puzzle: DailyPuzzle) -> PuzzleFigures:
    key = f"insights:puzzle:{puzzle.pk}"
    cached = cache.get(key)
    if cached is None:
        cached = _figures(puzzle.date, puzzle.date).get(puzzle.date) or PuzzleFigures(
            day=puzzle.date, number=puzzle.number
        )
        cache.set(key, cached, CACHE_SECONDS)
    return cached


def language_share(first: date, last: date) -> list[tuple[str, int, float]]:
    """(language code, players, percent) for the games begun between two days."""
    rows = (
        PlayerGame.objects.filter(started_at__date__range=(first, last))
        .values("language")
        .annotate(players=Count("player", distinct=True))
        .order_by("-players")
    )
    total = sum(r["players"] for r in rows)
    return [
        (r["language"] or languages.DEFAULT, r["players"], round(100 * r["players"] / total, 1))
        for r in rows
        if total
    ]


def top_refused(puzzle: DailyPuzzle, limit: int = 20) -> list[RefusedName]:
    return list(RefusedName.objects.filter(puzzle=puzzle).order_by("-count", "text")[:limit])
