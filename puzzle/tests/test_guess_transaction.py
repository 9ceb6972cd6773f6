"""A guess is one short transaction; staff-edited data comes from process memory
(docs/scaling.md "The guess")."""

import json
import threading
from datetime import date
from functools import partial

import pytest
from django.db import connection

from puzzle import memory
from puzzle.models import (
    DailyPuzzle,
    GuessNotTaken,
    Player,
    PlayerGame,
    Pokemon,
    PracticeRound,
    RefusedName,
)
from puzzle.tests.test_api import NOON, at, guess, schedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def pikachu_today():
    with at(NOON):
        yield schedule(NOON.date(), 25)


def test_a_returning_players_guess_makes_at_most_four_queries(
    client, pikachu_today, django_assert_max_num_queries
):
    with at(NOON):
        assert guess(client, 21, "Bulbasaur").status_code == 201
        with django_assert_max_num_queries(4):
            response = guess(client, 21, "Charmander")
    assert response.status_code == 201
    assert len(response.json()["state"]["guesses"]) == 2


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's conditional update")
def test_on_postgresql_a_returning_players_guess_is_one_statement_taken_or_refused(
    client, pikachu_today, django_assert_num_queries
):
    with at(NOON):
        guess(client, 21, "Bulbasaur")
        with django_assert_num_queries(1):
            taken = guess(client, 21, "Charmander")
        with django_assert_num_queries(1):
            repeated = guess(client, 21, "Charmander")
        guess(client, 21, "Pikachu")
        with django_assert_num_queries(1):
            over = guess(client, 21, "Squirtle")
    assert taken.status_code == 201
    assert taken.json()["state"]["guesses"][1]["name"] == "Charmander"
    assert repeated.status_code == 409
    assert repeated.json()["error"]["code"] == "duplicate_guess"
    assert over.json()["error"]["code"] == "game_over"
    game = PlayerGame.objects.get()
    assert (game.guesses, game.status, game.attempts) == ([1, 4, 25], "won", 3)


def at_once(*works):
    """Start each of ``works`` at the same moment, in a thread of its own, on a
    connection of its own (autocommit, outside the test's transaction) as gunicorn's
    workers would: their results, or the first exception."""
    outcomes: list = [None] * len(works)
    start = threading.Barrier(len(works))

    def run(index: int) -> None:
        try:
            start.wait(timeout=10)
            outcomes[index] = works[index]()
        except BaseException as exc:  # re-raised in the test's thread
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(works))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return outcomes


@pytest.fixture
def committed_game():
    """A game other connections can see: committed, and removed afterwards."""

    def create():
        puzzle = DailyPuzzle.objects.create(date=date(2031, 1, 1), pokemon_id=25)
        game = PlayerGame.objects.create(player=Player.objects.create(), puzzle=puzzle)
        return game

    (game,) = at_once(create)
    yield game
    at_once(lambda: (game.player.delete(), game.puzzle.delete()))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's conditional update")
@pytest.mark.parametrize("names", ["different", "same"])
def test_guesses_at_the_same_moment_spend_each_attempt_once(committed_game, names):
    """Eight tabs guess at once: six different names are taken and the game is lost, or
    one repeated name is taken once; every other tab is told why, nothing is lost."""
    from django.utils import timezone

    from puzzle import guesses

    ids = [1, 4, 7, 10, 13, 16, 19, 22] if names == "different" else [1] * 8
    player, puzzle, moment = committed_game.player_id, committed_game.puzzle, timezone.now()
    tabs = [partial(guesses.record, player, puzzle, Pokemon(pk=i), moment) for i in ids]
    results = sorted(outcome.result for outcome in at_once(*tabs))
    (game,) = at_once(lambda: PlayerGame.objects.get(pk=committed_game.pk))
    if names == "different":
        assert results == ["added"] * 6 + ["finished"] * 2
        assert (len(game.guesses), len(set(game.guesses)), game.status) == (6, 6, "lost")
    else:
        assert results == ["added"] + ["duplicate"] * 7
        assert game.guesses == [1]
    assert game.attempts == len(game.guesses)


def test_a_players_first_guess_of_a_day_makes_at_most_four_queries(
    client, pikachu_today, django_assert_max_num_queries
):
    with at(NOON):
        guess(client, 21, "Bulbasaur")
        client.get("/api/puzzle/20")  # warm the memory for yesterday's puzzle
        with django_assert_max_num_queries(4):
            response = guess(client, 20, "Pikachu")
    assert response.status_code == 201


def test_a_new_players_first_guess_makes_at_most_four_queries(
    client, pikachu_today, django_assert_max_num_queries
):
    with at(NOON):
        client.get("/api/puzzle/today")
        with django_assert_max_num_queries(4):
            response = guess(client, 21, "Bulbasaur")
    assert response.status_code == 201
    assert "pg_player" in response.cookies


def test_refused_guesses_make_at_most_four_queries(
    client, pikachu_today, django_assert_max_num_queries
):
    with at(NOON):
        guess(client, 21, "Pikachu")
        with django_assert_max_num_queries(4):
            over = guess(client, 21, "Bulbasaur")
        # An unknown name reads nothing either; it only counts the spelling for the
        # staff dashboard: one statement, the first time and after.
        with django_assert_max_num_queries(1):
            unknown = guess(client, 21, "Pikachuuuuu")
        with django_assert_max_num_queries(1):
            guess(client, 21, "Pikachuuuuu")
    assert over.json()["error"]["code"] == "game_over"
    assert unknown.json()["error"]["code"] == "unknown_pokemon"


def test_a_staff_rename_reaches_guesses_without_a_query_per_request(client, pikachu_today):
    with at(NOON):
        guess(client, 21, "Bulbasaur", lang="fil")
        pikachu = Pokemon.objects.get(pk=25)
        pikachu.name_fil = "Pikatsu"
        pikachu.save()  # the signal bumps the Pokédex version
        response = guess(client, 21, "Pikatsu", lang="fil")
    assert response.status_code == 201
    assert response.json()["state"]["status"] == "won"


def test_a_released_puzzle_is_read_from_memory(
    client, pikachu_today, django_assert_max_num_queries
):
    with at(NOON):
        client.get("/api/puzzle/today")
        with django_assert_max_num_queries(0):
            assert memory.puzzle_for_number(21).pokemon_id == 25
            assert memory.pokemon(25).name_en == "Pikachu"
            assert memory.puzzle_for_number(22) is None


def test_guesses_are_kept_in_order(client, pikachu_today):
    with at(NOON):
        for name in ("Bulbasaur", "Charmander", "Pikachu"):
            guess(client, 21, name)
    game = PlayerGame.objects.get()
    assert game.guesses == [1, 4, 25]
    assert game.status == "won"
    assert json.loads(json.dumps(game.guesses)) == [1, 4, 25]


class TestCompressedNames:
    def test_the_names_list_is_brotli_compressed_when_accepted(self, client):
        import brotli

        response = client.get("/api/pokemon/names?lang=de", HTTP_ACCEPT_ENCODING="gzip, br")
        assert response["Content-Encoding"] == "br"
        assert "Accept-Encoding" in response["Vary"]
        data = json.loads(brotli.decompress(response.content))
        assert {"name": "Bisasam", "en": "Bulbasaur", "id": 1} in data["names"]
        assert len(response.content) < len(json.dumps(data).encode()) / 3

    def test_it_falls_back_to_gzip_and_to_plain(self, client):
        import gzip

        zipped = client.get("/api/pokemon/names?lang=fr", HTTP_ACCEPT_ENCODING="gzip")
        assert zipped["Content-Encoding"] == "gzip"
        assert json.loads(gzip.decompress(zipped.content))["lang"] == "fr"
        plain = client.get("/api/pokemon/names?lang=fr")
        assert "Content-Encoding" not in plain
        assert plain.json()["lang"] == "fr"

    def test_a_compressed_list_still_revalidates(self, client):
        first = client.get("/api/pokemon/names?lang=ja", HTTP_ACCEPT_ENCODING="br")
        assert first["ETag"].startswith('W/"')
        again = client.get(
            "/api/pokemon/names?lang=ja",
            HTTP_ACCEPT_ENCODING="br",
            HTTP_IF_NONE_MATCH=first["ETag"],
        )
        assert again.status_code == 304


def test_the_per_player_reads_are_one_query_each(
    client, pikachu_today, django_assert_max_num_queries
):
    with at(NOON):
        guess(client, 21, "Pikachu")
        for path in ("/api/puzzle/today", "/api/stats", "/api/archive"):
            with django_assert_max_num_queries(1):
                assert client.get(path).status_code == 200


class TestTheGameKeepsItsOwnRules:
    """``add_guess`` refuses what the rules refuse, whoever calls it."""

    def test_a_finished_game_takes_no_guess(self, pikachu_today):
        game = PlayerGame(puzzle=pikachu_today, status=PlayerGame.Status.WON, guesses=[25])
        with pytest.raises(GuessNotTaken) as refused:
            game.add_guess(Pokemon.objects.get(pk=1), NOON)
        assert refused.value.reason == "finished"
        assert game.guesses == [25]

    def test_a_pokemon_is_guessed_once(self, pikachu_today):
        player = Player.objects.create()
        game = PlayerGame.objects.create(player=player, puzzle=pikachu_today, guesses=[1])
        with pytest.raises(GuessNotTaken) as refused:
            game.add_guess(Pokemon.objects.get(pk=1), NOON)
        assert refused.value.reason == "duplicate"
        assert PlayerGame.objects.get().attempts == 0  # nothing saved

    def test_a_practice_round_keeps_the_same_rules(self):
        player = Player.objects.create()
        round_ = PracticeRound.objects.create(player=player, pokemon_id=25, guesses=[4])
        with pytest.raises(GuessNotTaken):
            round_.add_guess(Pokemon.objects.get(pk=4), NOON)
        round_.add_guess(Pokemon.objects.get(pk=25), NOON)
        assert round_.status == PracticeRound.Status.WON
        with pytest.raises(GuessNotTaken) as refused:
            round_.add_guess(Pokemon.objects.get(pk=1), NOON)
        assert refused.value.reason == "finished"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's prepared statements")
def test_on_postgresql_the_guess_statement_is_prepared_once_a_connection_has_run_it(
    client, pikachu_today
):
    with at(NOON):
        for _player in range(6):  # six returning players' guesses: one statement each
            guess(client, 21, "Charmander")
            guess(client, 21, "Bulbasaur")
            client.cookies.pop("pg_player")  # the next player
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("UPDATE puzzle_playergame" in text for text in prepared), prepared


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's query planner")
def test_a_guess_finds_its_game_by_player_and_puzzle_on_a_busy_day(pikachu_today):
    from django.utils import timezone

    from puzzle import guesses

    players = Player.objects.bulk_create([Player() for _ in range(500)])
    PlayerGame.objects.bulk_create(
        [PlayerGame(player=p, puzzle=pikachu_today, guesses=[1]) for p in players]
    )
    params = {
        "language": "en",
        "player": players[0].pk,
        "puzzle": pikachu_today.pk,
        "guess": 4,
        "won": False,
        "attempts": 6,
        "now": timezone.now(),
        "in_grace": True,
        "counts": True,
    }
    with connection.cursor() as cursor:  # no ANALYZE yet, as at midnight
        cursor.execute("EXPLAIN " + guesses._UPDATE, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "one_game_per_puzzle" in plan, plan


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite's test database is one connection's"
)
def test_unknown_names_typed_at_the_same_moment_are_all_counted(committed_game):
    """The first sight of a spelling races its repeats: one row, every refusal counted."""
    puzzle = committed_game.puzzle
    texts = ["Pikachoo", "pikachoo ", "PIKACHOO", "Raichoo"] * 2
    at_once(*(partial(RefusedName.record, puzzle, text) for text in texts))
    (rows,) = at_once(
        lambda: dict(RefusedName.objects.filter(puzzle=puzzle).values_list("key", "count"))
    )
    assert rows == {"pikachoo": 6, "raichoo": 2}
