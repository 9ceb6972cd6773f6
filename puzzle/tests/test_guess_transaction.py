"""A guess is judged once, by the rules, and written only if the game is as it was read
(puzzle/services/play.py): tabs racing each other never spend an attempt twice."""

import json
import threading
from datetime import date
from functools import partial

import pytest
from django.db import connection
from django.utils import timezone

from puzzle.models import DailyPuzzle, Player, PlayerGame, PracticeRound, RefusedName
from puzzle.services import play
from puzzle.tests.test_api import NOON, at, guess, schedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def pikachu_today():
    with at(NOON):
        yield schedule(NOON.date(), 25)


def test_a_returning_players_guess_makes_two_queries(
    client, pikachu_today, settings, django_assert_max_num_queries
):
    with at(NOON):
        assert guess(client, 21, "Bulbasaur").status_code == 201
        settings.POKEDEX_CHECK_SECONDS = 60  # the Pokédex in memory, as in production
        with django_assert_max_num_queries(2):  # the game with its puzzle, the write
            response = guess(client, 21, "Charmander")
    assert response.status_code == 201
    assert len(response.json()["state"]["guesses"]) == 2


def test_a_new_players_first_guess_makes_at_most_five_queries(
    client, pikachu_today, settings, django_assert_max_num_queries
):
    with at(NOON):
        client.get("/api/puzzle/today")
        settings.POKEDEX_CHECK_SECONDS = 60
        # The puzzle, the player, the game (in a savepoint: a racing tab may start it).
        with django_assert_max_num_queries(5):
            response = guess(client, 21, "Bulbasaur")
    assert response.status_code == 201
    assert "pg_player" in response.cookies


def test_a_guess_judged_on_a_stale_read_is_judged_again(pikachu_today):
    """What a racing tab sees, without threads: the row moved on after it was read."""
    game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON)
    stale = PlayerGame.objects.get(pk=game.pk)
    play.guess_daily(game.player_id, pikachu_today.date, "Charmander", "en", NOON)
    stale.puzzle = pikachu_today
    with pytest.raises(play.AlreadyGuessed):
        play._judge(stale, play.identify("Charmander", "en"), "en", NOON, None)
    judged = play._judge(stale, play.identify("Squirtle", "en"), "en", NOON, None)
    assert judged.guesses == [1, 4, 7]
    assert PlayerGame.objects.get(pk=game.pk).guesses == [1, 4, 7]


def test_a_first_guess_that_loses_the_race_to_start_the_game_is_judged_on_it(pikachu_today):
    game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON)
    late = PlayerGame(player=game.player, puzzle=pikachu_today)  # read before it existed
    judged = play._judge(late, play.identify("Charmander", "en"), "en", NOON, None)
    assert judged.guesses == [1, 4]
    assert PlayerGame.objects.count() == 1


class TestTheRules:
    """Every kind of game keeps the same rules, whoever calls the service."""

    def test_a_finished_game_takes_no_guess(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Pikachu", "en", NOON)
        with pytest.raises(play.GameOver):
            play.guess_daily(game.player_id, pikachu_today.date, "Bulbasaur", "en", NOON)
        assert PlayerGame.objects.get().guesses == [25]

    def test_a_pokemon_is_guessed_once(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON)
        with pytest.raises(play.AlreadyGuessed):
            play.guess_daily(game.player_id, pikachu_today.date, "bulbasaur", "en", NOON)
        assert PlayerGame.objects.get().attempts == 1

    def test_a_practice_round_keeps_the_same_rules(self):
        round_ = PracticeRound.objects.create(player=Player.objects.create(), pokemon_id=25)
        play.guess_practice(round_, "Charmander", "en", NOON)
        with pytest.raises(play.AlreadyGuessed):
            play.guess_practice(round_, "Charmander", "en", NOON)
        assert play.guess_practice(round_, "Pikachu", "en", NOON)[0].status == "won"
        with pytest.raises(play.GameOver):
            play.guess_practice(round_, "Bulbasaur", "en", NOON)
        assert PracticeRound.objects.get().attempts == 2

    def test_an_erased_player_is_never_recreated_from_their_old_cookie(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON)
        play.erase_player(game.player_id)
        again, _ = play.guess_daily(game.player_id, pikachu_today.date, "Bulbasaur", "en", NOON)
        assert again.player_id != game.player_id
        assert not Player.objects.filter(pk=game.player_id).exists()


class TestRetries:
    """A guess sent again because its answer was lost (the island retries on a network
    failure) is answered with the game as it stands and spends nothing."""

    def test_a_retried_guess_spends_no_second_attempt(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON, attempt=0)
        again, guessed = play.guess_daily(
            game.player_id, pikachu_today.date, "Bulbasaur", "en", NOON, attempt=0
        )
        assert (again.guesses, guessed.id) == ([1], 1)

    def test_a_retry_of_the_winning_guess_shows_the_win(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Pikachu", "en", NOON, attempt=0)
        again, _ = play.guess_daily(
            game.player_id, pikachu_today.date, "Pikachu", "en", NOON, attempt=0
        )
        assert again.status == "won"

    def test_a_repeated_name_for_a_later_attempt_is_still_refused(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON, attempt=0)
        with pytest.raises(play.AlreadyGuessed):
            play.guess_daily(game.player_id, pikachu_today.date, "Bulbasaur", "en", NOON, attempt=1)

    def test_a_guess_typed_before_another_tabs_guess_is_judged_as_new(self, pikachu_today):
        game, _ = play.guess_daily(None, pikachu_today.date, "Bulbasaur", "en", NOON, attempt=0)
        later, _ = play.guess_daily(
            game.player_id, pikachu_today.date, "Charmander", "en", NOON, attempt=0
        )
        assert later.guesses == [1, 4]

    def test_the_api_answers_a_retry_with_the_game_and_its_guess(self, client, pikachu_today):
        body = json.dumps({"name": "Bulbasaur", "attempt": 0})
        url = "/api/puzzle/21/guesses"
        with at(NOON):
            client.post(url, body, content_type="application/json")
            retry = client.post(url, body, content_type="application/json")
        assert retry.status_code == 201
        assert retry.json()["guess"]["name"] == "Bulbasaur"
        assert len(retry.json()["state"]["guesses"]) == 1

    def test_an_attempt_beyond_the_game_finds_nothing_to_repeat(self, client, pikachu_today):
        body = json.dumps({"name": "Bulbasaur", "attempt": 6})
        with at(NOON):
            response = client.post("/api/puzzle/21/guesses", body, content_type="application/json")
        assert response.status_code == 201
        assert len(response.json()["state"]["guesses"]) == 1

    def test_a_practice_round_takes_retries_the_same_way(self):
        round_ = PracticeRound.objects.create(player=Player.objects.create(), pokemon_id=25)
        play.guess_practice(round_, "Charmander", "en", NOON, attempt=0)
        again, _ = play.guess_practice(round_, "Charmander", "en", NOON, attempt=0)
        assert again.attempts == 1


def test_refused_names_are_counted_per_spelling(pikachu_today):
    for text in ["Pikachoo", "pikachoo ", "PIKACHOO", "Raichoo"]:
        RefusedName.record(pikachu_today, text)
    assert dict(RefusedName.objects.values_list("key", "count")) == {"pikachoo": 3, "raichoo": 1}


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
    return outcomes


# SQLite's test database is one connection's memory: there the same race runs through
# gunicorn's processes on a database file (tests/faults/test_sqlite_concurrency.py).
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="threads need their own server connections"
)


@pytest.fixture
def committed_game():
    """A game other connections can see: committed, and removed afterwards."""

    def create():
        puzzle = DailyPuzzle.objects.create(date=date(2031, 1, 1), pokemon_id=25)
        return PlayerGame.objects.create(player=Player.objects.create(), puzzle=puzzle)

    (game,) = at_once(create)
    yield game
    at_once(lambda: (game.player.delete(), game.puzzle.delete()))


def _outcome(player_id, puzzle, name: str) -> str:
    try:
        play.guess_daily(player_id, puzzle.date, name, "en", timezone.now())
    except play.Refusal as refusal:
        return refusal.code
    return "added"


@on_postgresql
@pytest.mark.parametrize("names", ["different", "same"])
def test_guesses_at_the_same_moment_spend_each_attempt_once(committed_game, names):
    """Eight tabs guess at once: six different names are taken and the game is lost, or
    one repeated name is taken once; every other tab is told why, nothing is lost."""
    chosen = (
        ["Bulbasaur", "Charmander", "Squirtle", "Caterpie", "Weedle", "Pidgey", "Rattata"]
        + ["Spearow"]
        if names == "different"
        else ["Bulbasaur"] * 8
    )
    tabs = [partial(_outcome, committed_game.player_id, committed_game.puzzle, n) for n in chosen]
    results = sorted(at_once(*tabs))
    (game,) = at_once(lambda: PlayerGame.objects.get(pk=committed_game.pk))
    if names == "different":
        assert results == ["added"] * 6 + ["game_over"] * 2
        assert (len(game.guesses), len(set(game.guesses)), game.status) == (6, 6, "lost")
    else:
        assert results == ["added"] + ["duplicate_guess"] * 7
        assert game.guesses == [1]
    assert game.attempts == len(game.guesses)


@on_postgresql
def test_unknown_names_typed_at_the_same_moment_are_all_counted(committed_game):
    """The first sight of a spelling races its repeats: one row, every refusal counted."""
    puzzle = committed_game.puzzle
    texts = ["Pikachoo", "pikachoo ", "PIKACHOO", "Raichoo"] * 2
    at_once(*(partial(RefusedName.record, puzzle, text) for text in texts))
    (rows,) = at_once(
        lambda: dict(RefusedName.objects.filter(puzzle=puzzle).values_list("key", "count"))
    )
    assert rows == {"pikachoo": 6, "raichoo": 2}


@pytest.mark.parametrize(("attempt", "status"), [(0.0, 201), ("0", 400), (True, 400), (0.5, 400)])
def test_the_attempt_is_a_json_integer(client, pikachu_today, attempt, status):
    """3.0 is the integer 3 in JSON (its schema says "integer"); text or a flag is not."""
    body = json.dumps({"name": "Bulbasaur", "attempt": attempt})
    with at(NOON):
        response = client.post("/api/puzzle/21/guesses", body, content_type="application/json")
    assert response.status_code == status
