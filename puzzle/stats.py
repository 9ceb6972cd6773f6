"""Player statistics from finished games: pure functions, no database."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from puzzle.rules import ATTEMPTS


@dataclass(frozen=True)
class FinishedGame:
    day: date
    won: bool
    attempts: int


def player_stats(games: Iterable[FinishedGame], today: date) -> dict[str, object]:
    """Played, win %, current and max streak, guess distribution (wins by attempts).

    A streak is a run of won puzzles on consecutive days; a loss or a missed day ends
    it. Today's puzzle not yet played does not end the current streak.
    """
    ordered = sorted(games, key=lambda g: g.day)
    played = len(ordered)
    wins = [g for g in ordered if g.won]
    distribution = [0] * ATTEMPTS
    for game in wins:
        if 1 <= game.attempts <= ATTEMPTS:
            distribution[game.attempts - 1] += 1

    max_streak = run = 0
    previous: date | None = None
    for game in ordered:
        if game.won:
            run = (
                run + 1
                if previous is not None and game.day - previous == timedelta(days=1) and run
                else 1
            )
        else:
            run = 0
        previous = game.day
        max_streak = max(max_streak, run)

    current = 0
    last = ordered[-1] if ordered else None
    if last and last.won and last.day >= today - timedelta(days=1):
        current = run
    last_win = wins[-1].day if wins else None
    # "Your streak ended": the last counted game was a win, but a day was missed since.
    streak_broken = bool(last and last.won and last.day < today - timedelta(days=1))
    return {
        "played": played,
        "wins": len(wins),
        "win_percent": round(100 * len(wins) / played) if played else 0,
        "current_streak": current,
        "max_streak": max_streak,
        "distribution": distribution,
        "losses": played - len(wins),
        "last_win": last_win.isoformat() if last_win else None,
        "streak_broken": streak_broken,
    }


def results_summary(
    finished: Iterable[tuple[bool, int] | tuple[bool, int, int]],
) -> dict[str, object]:
    """How all players did on one puzzle: attempts used by winners, and the win share.

    Each item is ``(won, attempts)`` for one game, or ``(won, attempts, count)`` for
    ``count`` games alike (as the database groups them).
    """
    distribution = [0] * ATTEMPTS
    players = wins = 0
    for won, attempts, *rest in finished:
        count = rest[0] if rest else 1
        players += count
        if won:
            wins += count
            if 1 <= attempts <= ATTEMPTS:
                distribution[attempts - 1] += count
    return {
        "players": players,
        "wins": wins,
        "win_percent": round(100 * wins / players) if players else 0,
        "distribution": distribution,
    }


def practice_stats(results: Iterable[bool]) -> dict[str, int]:
    """Played, won and the best run of consecutive wins, from finished rounds in order."""
    played = won = run = best = 0
    for result in results:
        played += 1
        if result:
            won += 1
            run += 1
            best = max(best, run)
        else:
            run = 0
    return {"played": played, "won": won, "best_run": best, "current_run": run}
