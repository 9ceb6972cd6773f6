"""Many players guessing at the same instant on the default SQLite profile all get
their answer (STACK-NOTES "Hardening": WAL, immediate transactions, a busy timeout).

A real gunicorn with several workers on its own SQLite file, 24 players with their own
cookies, released together by a barrier. Loopback only, bounded in time."""

import http.cookiejar
import json
import os
import secrets
import sqlite3
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from scripts.serve import gunicorn, manage

PLAYERS = 24
ANSWER = 25  # Pikachu; every player guesses something else


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    return tmp_path_factory.mktemp("sqlite-concurrency") / "site.sqlite3"


@pytest.fixture(scope="module")
def server(database) -> Iterator[str]:
    db = database
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "0",
        "DJANGO_ENV": "development",
        "REDIS_URL": "",
    }
    # The suite's settings: the pages render without a front-end build.
    env["DJANGO_SETTINGS_MODULE"] = "portal.settings_test"
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "import_pokedex", "-v", "0")
    today = datetime.now(UTC).date()
    manage(
        env,
        "shell",
        "-c",
        "from puzzle.models import DailyPuzzle\n"
        f"DailyPuzzle.objects.update_or_create(date='{today}', defaults={{'pokemon_id': {ANSWER}}})",
    )
    with gunicorn(env, workers=4) as base:
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


def test_simultaneous_guesses_from_distinct_players_all_succeed(server):
    with urllib.request.urlopen(f"{server}/api/puzzle/today", timeout=30) as response:
        number = json.load(response)["number"]
    names = ["Bulbasaur", "Charmander", "Squirtle", "Eevee", "Mew", "Snorlax"]
    players = [player(server) for _ in range(PLAYERS)]
    barrier = threading.Barrier(PLAYERS)
    results: list[tuple[int, str]] = [(0, "")] * PLAYERS

    def guess(index: int) -> None:
        opener, token = players[index]
        request = urllib.request.Request(
            f"{server}/api/puzzle/{number}/guesses",
            data=json.dumps({"name": names[index % len(names)]}).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": token},
            method="POST",
        )
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


def test_a_guess_waits_for_a_long_write_such_as_an_admin_save(server, database):
    with urllib.request.urlopen(f"{server}/api/puzzle/today", timeout=30) as response:
        number = json.load(response)["number"]
    opener, token = player(server)
    writer = sqlite3.connect(database, timeout=10, check_same_thread=False)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE puzzle_pokemon SET name_fil = name_fil WHERE id = 1")
        release = threading.Timer(1.5, writer.commit)
        release.start()
        request = urllib.request.Request(
            f"{server}/api/puzzle/{number}/guesses",
            data=json.dumps({"name": "Mew"}).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": token},
            method="POST",
        )
        with opener.open(request, timeout=60) as response:
            assert response.status == 201
        release.join(timeout=10)
    finally:
        writer.close()


def test_the_database_runs_in_wal_mode(server):
    from django.conf import settings

    options = settings.DATABASES["default"].get("OPTIONS", {})
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("the production profile runs on PostgreSQL")
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"]
