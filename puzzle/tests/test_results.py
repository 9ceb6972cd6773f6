"""Results are counted by the database in one query and cached briefly."""

import json
import random
from datetime import UTC, datetime

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzle.models import DailyPuzzle, Player, PlayerGame
from puzzle.stats import results_summary

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21


@pytest.fixture
def crowd(request):
    """Players' games of today's puzzle: won, lost, playing, and practice; 5,000 players,
    or as many as ``@pytest.mark.players(n)`` says (a query count needs fewer)."""
    marker = request.node.get_closest_marker("players")
    players_count = marker.args[0] if marker else 5000
    with time_machine.travel(NOON, tick=False):
        puzzle = DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)
        rng = random.Random(21)
        players = Player.objects.bulk_create([Player() for _ in range(players_count)])
        games, expected = [], []
        for player in players:
            status = rng.choice(["won", "won", "lost", "playing"])
            attempts = rng.randint(1, 6) if status != "lost" else 6
            counts = rng.random() > 0.1
            games.append(
                PlayerGame(
                    player=player,
                    puzzle=puzzle,
                    guesses=list(range(1, attempts + 1)),
                    attempts=attempts,
                    status=status,
                    counts_for_stats=counts,
                )
            )
            if counts and status != "playing":
                expected.append((status == "won", attempts))
        PlayerGame.objects.bulk_create(games, batch_size=1000)
        yield puzzle, results_summary(expected)


def test_the_database_counts_what_python_would(crowd):
    puzzle, expected = crowd
    assert (
        results_summary(PlayerGame.objects.filter(puzzle=puzzle).counted().outcomes()) == expected
    )
    assert expected["players"] > 3000
    assert sum(expected["distribution"]) == expected["wins"] > 1000


@pytest.mark.players(300)
def test_it_is_one_query_whatever_the_number_of_players(crowd):
    puzzle, _expected = crowd
    with CaptureQueriesContext(connection) as queries:
        PlayerGame.objects.filter(puzzle=puzzle).counted().outcomes()
    assert len(queries) == 1
    assert "COUNT" in queries[0]["sql"].upper()


@pytest.mark.players(300)
def test_the_summary_is_cached_per_puzzle(client, crowd):
    puzzle, expected = crowd
    with time_machine.travel(NOON, tick=False):
        for name in ("Bulbasaur", "Ivysaur", "Venusaur", "Charmander", "Charmeleon", "Squirtle"):
            client.post(
                "/api/puzzle/21/guesses",
                json.dumps({"name": name}),
                content_type="application/json",
            )
        first = client.get("/api/puzzle/21/results").json()
        PlayerGame.objects.filter(puzzle=puzzle).exclude(player__games__status="lost").delete()
        again = client.get("/api/puzzle/21/results").json()
    assert first["players"] == expected["players"] + 1
    assert again == first


@pytest.mark.players(300)
def test_the_endpoint_answers_in_a_few_queries(client, crowd, django_assert_max_num_queries):
    puzzle, expected = crowd
    with time_machine.travel(NOON, tick=False):
        response = client.post(
            "/api/puzzle/21/guesses",
            json.dumps({"name": "Pikachu"}),
            content_type="application/json",
        )
        assert response.status_code == 201
        # Puzzle, player, their game, the grouped count: not one query per player.
        with django_assert_max_num_queries(5):
            data = client.get("/api/puzzle/21/results").json()
    assert data["players"] == expected["players"] + 1
    assert data["wins"] == expected["wins"] + 1
    assert data["distribution"][0] == expected["distribution"][0] + 1
