"""Faults do not take the game down (docs/security.md "Faults"):

- Redis refused or hanging: pages, guesses and the silhouette still work, fast;
- the database unreachable: a 503 in the API's error shape, a translated 503 page that
  needs no database, and nothing half-written;
- ``/readyz`` names what failed, ``/healthz`` stays up.

Only loopback addresses; every request is bounded by a timeout."""

import json
import os
import shutil
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from unittest import mock

import pytest
import time_machine
from django.conf import settings
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client, override_settings

from portal import health
from portal.cache import ResilientRedisCache
from puzzle.models import DailyPuzzle, Player, PlayerGame
from scripts.serve import free_port, gunicorn
from translations import store

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21


def closed_port() -> int:
    return free_port()  # bound, then released: nothing listens there


@contextmanager
def hanging_server() -> Iterator[int]:
    """Accepts connections (the kernel's backlog) and never answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        yield sock.getsockname()[1]


# The socket timeouts of these caches: a fifth of production's (REDIS_TIMEOUT,
# RATELIMIT_REDIS_TIMEOUT), so the suite waits a fifth as long on a hanging Redis; the
# bound they put on a request works the same way at any value.
TIMEOUT = 0.1
RATELIMIT_TIMEOUT = 0.04


def redis_at(port: int) -> dict:
    """The production profile's caches, every one of them on this (dead) Redis."""
    default = {
        "BACKEND": "portal.cache.ResilientRedisCache",
        "LOCATION": f"redis://127.0.0.1:{port}/0",
        "OPTIONS": {"socket_connect_timeout": TIMEOUT, "socket_timeout": TIMEOUT},
    }
    limits = {"socket_connect_timeout": RATELIMIT_TIMEOUT, "socket_timeout": RATELIMIT_TIMEOUT}
    return {
        "default": default,
        "ratelimit": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": default["LOCATION"],
            "OPTIONS": limits,
        },
    }


def play_a_round(client: Client) -> None:
    for path in ["/", "/archive/", "/how-to-play/", "/api/puzzle/today", "/de/", "/ar/"]:
        assert client.get(path).status_code == 200, path
    response = client.post(
        "/api/puzzle/21/guesses", json.dumps({"name": "Mew"}), content_type="application/json"
    )
    assert response.status_code == 201, response.content
    # Names, boards and leagues: their rate limit and the boards' cache fail open.
    assert client.post("/name/", {"name": "Misty 42"}).status_code == 303
    for path in ["/name/", "/boards/", "/leagues/"]:
        assert client.get(path).status_code == 200, path
    image = client.get("/api/puzzle/21/silhouette.png")
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")


@pytest.mark.django_db
class TestCacheDown:
    @pytest.fixture(autouse=True)
    def _puzzle(self):
        with time_machine.travel(NOON, tick=False):
            DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
            yield

    def test_the_game_works_with_redis_refusing_connections(self):
        with override_settings(CACHES=redis_at(closed_port())):
            play_a_round(Client())

    def test_the_game_works_with_redis_hanging(self):
        with hanging_server() as port, override_settings(CACHES=redis_at(port)):
            started = time.monotonic()
            play_a_round(Client())
            # Bounded by the socket timeouts: without them a hanging Redis blocks forever.
            assert time.monotonic() - started < 15

    def test_after_one_timeout_the_cache_is_skipped_at_once(self):
        from django.core.cache import caches

        with hanging_server() as port, override_settings(CACHES=redis_at(port)):
            cache = caches["default"]
            started = time.monotonic()
            assert cache.get("anything", "missing") == "missing"
            first = time.monotonic() - started
            started = time.monotonic()
            assert cache.get("anything", "missing") == "missing"
            assert cache.add("counter", 1) is False
            with pytest.raises(ValueError):
                cache.incr("counter")
            second = time.monotonic() - started
        assert first >= TIMEOUT * 0.8
        assert second < TIMEOUT

    def test_readiness_stays_ready_and_names_the_cache_as_degraded(self):
        # Guesses and pages work without Redis (above): a 503 here would take every
        # node out of the load balancer at once.
        with override_settings(CACHES=redis_at(closed_port())):
            response = Client().get("/readyz")
        assert response.status_code == 200
        assert response.json() == {
            "status": "degraded",
            "checks": {"database": "ok", "cache": "unavailable"},
        }

    def test_readiness_is_ok_when_everything_answers(self):
        response = Client(HTTP_COOKIE="django_language=de").get("/readyz")
        assert response.status_code == 200
        assert response.json()["checks"] == {"database": "ok", "cache": "ok"}
        assert "no-store" in response["Cache-Control"]


def refuse_database(*_args, **_kwargs):
    raise OperationalError('connection to server at "127.0.0.1", port 1 failed: refused')


@contextmanager
def database_down():
    with mock.patch.object(BaseDatabaseWrapper, "cursor", refuse_database):
        yield


@pytest.mark.django_db
class TestDatabaseDown:
    def test_the_api_answers_503_in_its_error_shape(self):
        with time_machine.travel(NOON, tick=False), database_down():
            response = Client().get("/api/puzzle/today?lang=de")
        assert response.status_code == 503
        error = response.json()["error"]
        assert error["code"] == "service_unavailable"
        assert "Moment" in error["message"]  # German
        assert response["Retry-After"] == "30"

    def test_a_guess_writes_nothing(self):
        with time_machine.travel(NOON, tick=False):
            DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
            with database_down():
                response = Client().post(
                    "/api/puzzle/21/guesses",
                    json.dumps({"name": "Mew"}),
                    content_type="application/json",
                )
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "service_unavailable"
        assert not Player.objects.exists() and not PlayerGame.objects.exists()

    def test_a_guess_failing_midway_leaves_no_player_or_game(self):
        with time_machine.travel(NOON, tick=False):
            DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
            with mock.patch.object(PlayerGame, "add_guess", side_effect=refuse_database):
                response = Client().post(
                    "/api/puzzle/21/guesses",
                    json.dumps({"name": "Mew"}),
                    content_type="application/json",
                )
        assert response.status_code == 503
        assert settings.PLAYER_COOKIE_NAME not in response.cookies
        assert not Player.objects.exists() and not PlayerGame.objects.exists()

    @pytest.mark.parametrize(
        "path", ["/", "/archive/21/", "/pokerogue/", "/de/", "/boards/", "/leagues/", "/name/"]
    )
    def test_pages_show_a_friendly_page(self, path):
        # Every query fails, so a 503 page proves that rendering it needs none.
        with time_machine.travel(NOON, tick=False), database_down():
            response = Client().get(path)
        assert response.status_code == 503
        html = response.content.decode()
        assert "<h1>" in html and "Traceback" not in html
        assert 'name="robots" content="noindex"' in html
        assert "no-store" in response["Cache-Control"]

    def test_the_page_is_translated(self):
        with time_machine.travel(NOON, tick=False), database_down():
            html = Client().get("/de/").content.decode()
        assert '<html lang="de" dir="ltr">' in html
        assert "Pokéguess ist gleich wieder da" in html and 'href="/de/"' in html

    def test_the_page_is_right_to_left_in_arabic(self):
        with time_machine.travel(NOON, tick=False), database_down():
            html = Client().get("/ar/").content.decode()
        assert '<html lang="ar" dir="rtl">' in html

    def test_readiness_names_the_database_and_liveness_stays_up(self):
        with database_down():
            ready = Client().get("/readyz")
            alive = Client().get("/healthz")
        assert ready.status_code == 503
        assert ready.json()["checks"] == {"database": "unavailable", "cache": "ok"}
        assert alive.status_code == 200


@pytest.mark.django_db
def test_liveness_touches_neither_the_database_nor_the_cache():
    # A hanging Redis would make every probe wait for its timeout; a probe must only
    # say that the process answers.
    store.forget()  # the next request would look up the translations' revision
    with (
        hanging_server() as port,
        override_settings(CACHES=redis_at(port)),
        # Failing at once, so that a request reaching them is not kept waiting.
        mock.patch.object(ResilientRedisCache, "_call", side_effect=RuntimeError) as cache_call,
        mock.patch.object(BaseDatabaseWrapper, "cursor", side_effect=RuntimeError) as cursor,
    ):
        response = Client().get("/healthz")
    assert response.status_code == 200
    cache_call.assert_not_called()
    cursor.assert_not_called()


@pytest.mark.django_db
def test_readiness_fails_when_the_sqlite_disk_is_full(tmp_path):
    # SELECT 1 still works on a full disk; only the next write fails.
    full = shutil._ntuple_diskusage(total=2**30, used=2**30 - 2**20, free=2**20)
    with (
        mock.patch.object(health, "database_file", return_value=tmp_path / "db.sqlite3"),
        mock.patch.object(health.shutil, "disk_usage", return_value=full) as disk_usage,
    ):
        response = Client().get("/readyz")
    disk_usage.assert_called_once_with(tmp_path)
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "disk_full"


def test_the_free_space_is_read_where_the_sqlite_file_lives(tmp_path):
    from django.db import connection
    from django.db.backends.sqlite3.base import DatabaseWrapper

    on_disk = DatabaseWrapper({**connection.settings_dict, "NAME": str(tmp_path / "db.sqlite3")})
    in_memory = DatabaseWrapper({**connection.settings_dict, "NAME": ":memory:"})
    assert health.database_file(on_disk) == tmp_path / "db.sqlite3"
    assert health.database_file(in_memory) is None


def fetch(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.slow
def test_the_production_profile_with_postgresql_and_redis_unreachable():
    env = {
        **os.environ,
        "DJANGO_ENV": "production",
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "fault-test-secret-key-" + "x" * 40,
        "PUZZLE_SEED": "fault-test-private-seed",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{closed_port()}/pokeguess",
        "REDIS_URL": f"redis://127.0.0.1:{closed_port()}/0",
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    # The suite's settings: the pages render without a front-end build.
    env["DJANGO_SETTINGS_MODULE"] = "portal.settings_test"
    with gunicorn(env, workers=1) as base:
        status, _headers, body = fetch(f"{base}/healthz")
        assert status == 200
        status, _headers, body = fetch(f"{base}/readyz")
        assert status == 503
        assert json.loads(body)["checks"] == {"database": "unavailable", "cache": "unavailable"}
        status, headers, body = fetch(f"{base}/api/puzzle/today")
        assert status == 503
        assert json.loads(body)["error"]["code"] == "service_unavailable"
        status, headers, body = fetch(f"{base}/ar/")
        assert status == 503 and headers["Retry-After"] == "30"
        assert '<html lang="ar" dir="rtl">' in body.decode()
