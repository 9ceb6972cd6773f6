"""Rate limits that protect without locking everyone out (docs/security.md "Rate limits")."""

import copy
import json
import logging
import os
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
import time_machine
from django.conf import settings as django_settings
from django.test import Client, RequestFactory

from portal import ratelimits
from puzzle.models import DailyPuzzle, PlayerGame

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _noon():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)
        yield


def newcomer(client: Client) -> Client:
    """The client as a visitor without cookies (a new test client would load every
    middleware again for each request)."""
    client.cookies.clear()
    return client


def guess(client: Client, name: str, **extra):
    return client.post(
        "/api/puzzle/21/guesses",
        json.dumps({"name": name}),
        content_type="application/json",
        **extra,
    )


def request_from(remote: str = "198.51.100.7", forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().post("/api/puzzle/21/guesses", **extra)


class TestClientAddress:
    def test_without_trusted_proxies_it_is_the_peer_address(self, settings):
        settings.TRUSTED_PROXY_HOPS = 0
        request = request_from("198.51.100.7", forwarded="203.0.113.1")
        assert ratelimits.client_ip(request) == "198.51.100.7"

    def test_behind_one_proxy_it_is_the_address_the_proxy_saw(self, settings):
        settings.TRUSTED_PROXY_HOPS = 1
        request = request_from("10.0.0.2", forwarded="6.6.6.6, 203.0.113.1")
        assert ratelimits.client_ip(request) == "203.0.113.1"

    def test_behind_two_proxies_it_skips_the_inner_proxy(self, settings):
        settings.TRUSTED_PROXY_HOPS = 2
        request = request_from("10.0.0.3", forwarded="6.6.6.6, 203.0.113.1, 10.0.0.2")
        assert ratelimits.client_ip(request) == "203.0.113.1"

    def test_a_client_cannot_choose_its_address_by_prepending(self, settings):
        settings.TRUSTED_PROXY_HOPS = 1
        first = request_from("10.0.0.2", forwarded="1.1.1.1, 203.0.113.1")
        second = request_from("10.0.0.2", forwarded="2.2.2.2, 203.0.113.1")
        assert ratelimits.client_ip(first) == ratelimits.client_ip(second)

    @pytest.mark.parametrize("remote", ["", "not-an-address", "unix:/run/gunicorn.sock"])
    def test_a_missing_or_odd_address_is_one_shared_bucket(self, settings, remote):
        settings.TRUSTED_PROXY_HOPS = 0
        assert ratelimits.client_ip(request_from(remote)) == ratelimits.UNKNOWN_CLIENT

    def test_an_empty_remote_addr_without_a_trusted_proxy_is_reported_once(
        self, settings, caplog, monkeypatch
    ):
        monkeypatch.setattr(ratelimits, "_warned_shared_bucket", False)
        settings.TRUSTED_PROXY_HOPS = 0
        with caplog.at_level(logging.ERROR, logger="portal.ratelimits"):
            for _ in range(3):
                ratelimits.client_ip(request_from(""))
        (record,) = [r for r in caplog.records if r.name == "portal.ratelimits"]
        assert "TRUSTED_PROXY_HOPS" in record.getMessage()

    def test_an_empty_remote_addr_never_gives_a_500(self, client):
        response = guess(client, "Bulbasaur", REMOTE_ADDR="")
        assert response.status_code == 201


class TestBudgets:
    def test_junk_does_not_use_up_the_guess_budget(self, client):
        guess(client, "Bulbasaur")  # the player now has a cookie
        codes = [guess(client, "zzzz").status_code for _ in range(31)]
        assert codes[:30] == [422] * 30
        assert codes[30] == 429
        response = guess(client, "Ivysaur")
        assert response.status_code == 201
        assert len(response.json()["state"]["guesses"]) == 2

    def test_the_junk_429_says_so_and_asks_to_wait(self, client):
        guess(client, "Bulbasaur")
        for _ in range(30):
            guess(client, "zzzz")
        response = guess(client, "zzzz")
        assert response.json()["error"]["code"] == "rate_limited"
        assert "unknown names" in response.json()["error"]["message"]
        assert response["Retry-After"] == "60"

    def test_real_guesses_have_their_own_player_budget(self, client):
        guess(client, "Bulbasaur")  # before the cookie: counted for the client only
        codes = [guess(client, "Bulbasaur").status_code for _ in range(31)]
        assert codes[:30] == [409] * 30  # a repeat: refused, counted against the budget
        assert codes[30] == 429

    def test_a_refused_request_changes_nothing(self, client):
        guess(client, "Bulbasaur")
        for _ in range(30):
            guess(client, "zzzz")
        before = list(PlayerGame.objects.values_list("guesses", flat=True))
        assert guess(client, "zzzz").status_code == 429
        assert list(PlayerGame.objects.values_list("guesses", flat=True)) == before

    def test_clients_behind_a_proxy_have_their_own_budgets(self, client, settings):
        settings.TRUSTED_PROXY_HOPS = 1
        crowd = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "203.0.113.1"}
        codes = [guess(newcomer(client), "zzzz", **crowd).status_code for _ in range(121)]
        assert codes[:120] == [422] * 120 and codes[120] == 429
        other = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "203.0.113.2"}
        assert guess(newcomer(client), "zzzz", **other).status_code == 422

    def test_limits_can_be_switched_off(self, client, settings):
        settings.RATELIMIT_ENABLE = False
        guess(client, "Bulbasaur")
        assert {guess(client, "zzzz").status_code for _ in range(40)} == {422}


SCRIPT = """
import json, os, sys
import django
django.setup()
from django.conf import settings
settings.CACHES["ratelimit"].update(json.loads(os.environ["RL_CACHE"]))
from django.test import RequestFactory
from django_ratelimit.core import get_usage
from portal import ratelimits
ratelimits.BUDGETS["shared"] = {"player": "1000/d", "client": "1000/d"}
request = RequestFactory().post("/", REMOTE_ADDR="198.51.100.9")
for _ in range(int(sys.argv[1])):
    ratelimits.hit(request, "shared", "one-player")
usage = get_usage(request, group="shared-player", key=lambda g, r: "one-player", rate="1000/d")
print(usage["count"])
"""


class TestSharedCounters:
    @pytest.mark.slow
    def test_two_processes_count_against_one_budget(self, settings):
        # Two worker processes (as gunicorn runs them) see each other's counts.
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "portal.settings",
            "RL_CACHE": json.dumps(settings.CACHES["ratelimit"]),
        }

        def run(hits: int) -> int:
            out = subprocess.run(
                [sys.executable, "-c", SCRIPT, str(hits)],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
                check=True,
            )
            return int(out.stdout.strip().splitlines()[-1])

        assert run(15) == 15
        assert run(15) == 30

    def test_without_redis_the_counters_are_on_disk_not_in_one_process(self):
        backend = django_settings.CACHES["ratelimit"]["BACKEND"]
        assert django_settings.RATELIMIT_USE_CACHE == "ratelimit"
        assert "locmem" not in backend.lower()


@pytest.fixture
def dead_cache(settings):
    """Point the rate-limit cache at a Redis that is not there (or never answers)."""

    original = settings.CACHES

    def use(port: int) -> None:
        caches = copy.deepcopy(original)
        timeout = settings.RATELIMIT_REDIS_TIMEOUT
        caches["ratelimit"] = {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_timeout": timeout, "socket_connect_timeout": timeout},
        }
        settings.CACHES = caches

    yield use
    settings.CACHES = original
    ratelimits.reset_fail_open()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class TestFailOpen:
    def test_a_closed_port_fails_open_quickly_and_the_game_goes_on(self, client, dead_cache):
        dead_cache(closed_port())
        started = time.monotonic()
        limited = ratelimits.hit(request_from(), "guess", "someone")
        assert time.monotonic() - started < 0.5
        assert limited is False
        assert guess(client, "Bulbasaur").status_code == 201

    def test_a_hanging_cache_fails_open_within_half_a_second(self, client, dead_cache):
        # A listening socket that never accepts: connections hang until the timeout.
        with socket.socket() as silent:
            silent.bind(("127.0.0.1", 0))
            silent.listen(0)
            dead_cache(silent.getsockname()[1])
            started = time.monotonic()
            assert ratelimits.hit(request_from(), "junk", "someone") is False
            assert time.monotonic() - started < 0.5
            # Later requests skip the cache for a while instead of waiting again.
            started = time.monotonic()
            assert guess(client, "Bulbasaur").status_code == 201
            assert time.monotonic() - started < 2

    def test_the_failure_is_logged(self, dead_cache, caplog):
        dead_cache(closed_port())
        ratelimits.hit(request_from(), "guess", None)
        assert "Rate-limit cache unavailable" in caplog.text
