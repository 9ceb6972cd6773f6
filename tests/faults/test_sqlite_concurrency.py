"""Many players guessing at the same instant on the default SQLite profile all get
their answer (docs/design.md "SQLite under several workers").

A real gunicorn with several workers on its own SQLite file, 24 players with their own
cookies, released together by a barrier. Loopback only, bounded in time. One test runs
the three checks on one server: split into tests, xdist could run them on two workers
and start a server for each."""

import http.cookiejar
import json
import os
import secrets
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from scripts.serve import gunicorn, manage

PLAYERS = 24
ANSWER = 25  # Pikachu; every player guesses something else
HOLD = 0.6  # seconds a long write keeps the database locked


@pytest.fixture
def database(tmp_path_factory):
    """The site's own SQLite file, migrated and with the Pokédex loaded (by the site's
    commands, as make run builds it), and today's puzzle."""
    path = tmp_path_factory.mktemp("sqlite-concurrency") / "site.sqlite3"
    env = site_env(path)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "import_pokedex", "-v", "0")
    now = datetime.now(UTC)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO puzzle_dailypuzzle (date, pokemon_id, scheduled, created_at)"
            " VALUES (?, ?, 0, ?) ON CONFLICT (date) DO UPDATE SET pokemon_id = ?",
            (now.date().isoformat(), ANSWER, now.isoformat(" "), ANSWER),
        )
    db.close()
    return path


def site_env(path) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{path}",
        "DJANGO_DEBUG": "0",
        "DJANGO_ENV": "development",
        "REDIS_URL": "",
        # The suite's settings: the pages render without a front-end build.
        "DJANGO_SETTINGS_MODULE": "portal.settings_test",
    }


@pytest.fixture
def server(database) -> Iterator[str]:
    # Forked from one loaded site: four processes with their own connections, for the
    # start-up cost of one.
    with gunicorn(site_env(database), workers=4, preload=True) as base:
        yield base


def player(base: str) -> tuple[urllib.request.OpenerDirector, str]:
    """A fresh visitor: its own cookie jar and CSRF token."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    token = secrets.token_hex(16)  # Django accepts a client-chosen 32-character secret
    cookie = http.cookiejar.Cookie(
        0, "csrftoken", token, None, False, "127.0.0.1", False, False, "/", True,
        False, None, False, None, None, {},
    )  # fmt: skip
    jar.set_cookie(cookie)
    return opener, token


def guess_request(server: str, number: int, name: str, token: str) -> urllib.request.Request:
    return urllib.request.Request(
        f"{server}/api/puzzle/{number}/guesses",
        data=json.dumps({"name": name}).encode(),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
        method="POST",
    )


@pytest.mark.slow
def test_several_workers_share_the_sqlite_file(server, database):
    simultaneous_guesses_from_distinct_players_all_succeed(server)
    eight_tabs_of_one_player_spend_each_attempt_once(server)
    a_guess_waits_for_a_long_write_such_as_an_admin_save(server, database)
    the_database_runs_in_wal_mode(database)


def simultaneous_guesses_from_distinct_players_all_succeed(server: str) -> None:
    with urllib.request.urlopen(f"{server}/api/puzzle/today", timeout=30) as response:
        number = json.load(response)["number"]
    names = ["Bulbasaur", "Charmander", "Squirtle", "Eevee", "Mew", "Snorlax"]
    players = [player(server) for _ in range(PLAYERS)]
    barrier = threading.Barrier(PLAYERS)
    results: list[tuple[int, str]] = [(0, "")] * PLAYERS

    def guess(index: int) -> None:
        opener, token = players[index]
        request = guess_request(server, number, names[index % len(names)], token)
        barrier.wait(timeout=30)
        try:
            with opener.open(request, timeout=60) as response:
                results[index] = (response.status, "")
        except urllib.error.HTTPError as error:
            results[index] = (error.code, error.read().decode(errors="replace")[:200])
        except OSError as error:
            results[index] = (-1, str(error))

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(PLAYERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    failures = [result for result in results if result[0] != 201]
    assert not failures, f"{len(failures)} of {PLAYERS} failed: {failures[:2]}"


def eight_tabs_of_one_player_spend_each_attempt_once(server: str) -> None:
    """The race of puzzle/tests/test_guess_transaction.py, in gunicorn's processes on
    the SQLite file: one player's eight tabs guess eight names at the same moment."""
    with urllib.request.urlopen(f"{server}/api/puzzle/today", timeout=30) as response:
        number = json.load(response)["number"]
    opener, token = player(server)
    names = ["Caterpie", "Weedle", "Pidgey", "Rattata", "Spearow", "Ekans", "Zubat", "Oddish"]
    # The player and their game exist before the race.
    with opener.open(guess_request(server, number, "Jigglypuff", token), timeout=60) as response:
        assert response.status == 201
    barrier = threading.Barrier(len(names))
    codes: list[str] = [""] * len(names)

    def tab(index: int) -> None:
        request = guess_request(server, number, names[index], token)
        barrier.wait(timeout=30)
        try:
            with opener.open(request, timeout=60) as response:
                codes[index] = "added" if response.status == 201 else str(response.status)
        except urllib.error.HTTPError as error:
            codes[index] = json.loads(error.read())["error"]["code"]

    threads = [threading.Thread(target=tab, args=(i,)) for i in range(len(names))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    assert sorted(codes) == ["added"] * 5 + ["game_over"] * 3
    with opener.open(f"{server}/api/puzzle/{number}", timeout=30) as response:
        state = json.load(response)["state"]
    assert (len(state["guesses"]), state["status"]) == (6, "lost")


def a_guess_waits_for_a_long_write_such_as_an_admin_save(server: str, database) -> None:
    with urllib.request.urlopen(f"{server}/api/puzzle/today", timeout=30) as response:
        number = json.load(response)["number"]
    opener, token = player(server)
    writer = sqlite3.connect(database, timeout=10, check_same_thread=False)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE puzzle_pokemon SET name_fil = name_fil WHERE id = 1")
        release = threading.Timer(HOLD, writer.commit)
        release.start()
        started = time.monotonic()
        with opener.open(guess_request(server, number, "Mew", token), timeout=60) as response:
            assert response.status == 201
        assert time.monotonic() - started >= HOLD  # it waited for the lock, then wrote
        release.join(timeout=10)
    finally:
        writer.close()


def the_database_runs_in_wal_mode(database) -> None:
    # WAL is a property of the file, set by the site's connections (settings.py), so
    # this reads it from the file the server wrote, whatever database the suite uses.
    reader = sqlite3.connect(database)
    try:
        assert reader.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        reader.close()
