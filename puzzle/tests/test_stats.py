"""Player statistics and results summaries (pure)."""

from datetime import date, timedelta

from puzzle.stats import FinishedGame, player_stats, results_summary

TODAY = date(2026, 11, 21)


def game(days_ago: int, won: bool = True, attempts: int = 3) -> FinishedGame:
    return FinishedGame(TODAY - timedelta(days=days_ago), won, attempts)


def test_it_counts_played_wins_and_distribution():
    stats = player_stats(
        [game(2, attempts=1), game(1, won=False, attempts=6), game(0, attempts=4)], TODAY
    )
    assert stats["played"] == 3 and stats["wins"] == 2 and stats["win_percent"] == 67
    assert stats["distribution"] == [1, 0, 0, 1, 0, 0]
    assert stats["losses"] == 1


def test_a_loss_ends_the_current_streak():
    stats = player_stats([game(2), game(1), game(0, won=False)], TODAY)
    assert stats["current_streak"] == 0 and stats["max_streak"] == 2


def test_the_streak_holds_until_today_is_played():
    stats = player_stats([game(2), game(1)], TODAY)
    assert stats["current_streak"] == 2 and stats["streak_broken"] is False


def test_a_missed_day_breaks_the_streak_and_says_so():
    stats = player_stats([game(4), game(3), game(2)], TODAY)
    assert stats["current_streak"] == 0 and stats["max_streak"] == 3
    assert stats["streak_broken"] is True


def test_a_gap_restarts_the_run():
    stats = player_stats([game(5), game(3), game(2), game(1), game(0)], TODAY)
    assert stats["current_streak"] == 4 and stats["max_streak"] == 4


def test_no_games_means_zeroes():
    stats = player_stats([], TODAY)
    assert stats["played"] == 0 and stats["win_percent"] == 0 and stats["current_streak"] == 0
    assert stats["last_win"] is None and stats["streak_broken"] is False


def test_results_summarise_all_players():
    summary = results_summary([(True, 2), (True, 2), (False, 6), (True, 6)])
    assert summary == {
        "players": 4,
        "wins": 3,
        "win_percent": 75,
        "distribution": [0, 2, 0, 0, 0, 1],
    }
    assert results_summary([])["win_percent"] == 0
