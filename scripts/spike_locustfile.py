"""Locust users for ``make bench-spike`` (scripts/bench_spike.py starts them).

``MidnightPlayer`` is one player arriving just after 00:00 UTC: the home page and its
static files, the names list, today's puzzle and its silhouette, up to six guesses with
think time, then the results and the statistics, each API request asked again as the
island would after a failure. Then it idles with the page open rather than leave:
locust tops up its running users to the target at every step of the arrival, so a
player that stopped would be replaced and more than ``SPIKE_PLAYERS`` would arrive.
The other users hammer one URL without think time and measure capacity
(``BENCH_PATH`` for ``PageReader``).

Only ever pointed at 127.0.0.1 by the runner."""

import json
import os
import random
import re
import time
from pathlib import Path

from locust import FastHttpUser, between, constant, events, task

from scripts.bench_names import GUESSES, TYPOS

NAMES = GUESSES + TYPOS[:1]  # one typo in fifteen names
STATIC = re.compile(r"""(?:src|href)="(/static/[^"]+\.(?:js|css))\"""")
THINK = (
    float(os.environ.get("SPIKE_THINK_MIN", "1.5")),
    float(os.environ.get("SPIKE_THINK_MAX", "4")),
)


def cookie(user: FastHttpUser, name: str) -> str:
    return next((c.value or "" for c in user.client.cookiejar if c.name == name), "")


def csrf_from(user: FastHttpUser, body: dict | None) -> str:
    token = (body or {}).get("csrf_token")
    if isinstance(token, str) and token:
        return token
    return cookie(user, "csrftoken")


# As the island asks again (frontend/islands/guess-game/api.ts): after a network failure
# or a 502/503/504, three more times, 1 s apart doubling. A guess carries the number of
# guesses its game had when it was typed, so a retry of one already taken spends nothing.
RETRY_AFTER = (1, 2, 4)
RETRIABLE = {0, 502, 503, 504}
# What a run of bench_spike reads back (SPIKE_REPORT): requests that failed and were
# asked again, how many of those then succeeded, and every guess the server
# acknowledged (player id, name), to look for in the database.
RETRIES = {"failed": 0, "recovered": 0, "gave_up": 0}
ACKNOWLEDGED: list[tuple[str, str]] = []


@events.quitting.add_listener
def report(**_kwargs) -> None:
    if path := os.environ.get("SPIKE_REPORT"):
        Path(path).write_text(json.dumps({"retries": RETRIES, "acknowledged": ACKNOWLEDGED}))


class MidnightPlayer(FastHttpUser):
    wait_time = between(*THINK)

    def call(self, method: str, path: str, name: str, answers=(200,), **kwargs):
        """One request of the island's, retried as it would be; ``answers`` succeed."""
        failed = False
        for delay in (*RETRY_AFTER, None):
            with self.client.request(
                method, path, name=name, catch_response=True, **kwargs
            ) as response:
                if response.status_code in answers:
                    response.success()
                    RETRIES["recovered"] += failed
                    return response
                response.failure(f"HTTP {response.status_code}")
            if response.status_code not in RETRIABLE or delay is None:
                RETRIES["gave_up"] += 1
                return response
            RETRIES["failed"] += 1
            failed = True
            time.sleep(delay)  # cooperative: locust runs under gevent
        raise AssertionError("unreachable")

    @task
    def play(self) -> None:
        home = self.client.get("/", name="GET / (home)")
        for path in sorted(set(STATIC.findall(home.text or ""))):
            self.client.get(path, name="GET /static/* (home assets)")
        self.call("GET", "/api/pokemon/names?lang=en", "GET /api/pokemon/names")
        today = self.call("GET", "/api/puzzle/today", "GET /api/puzzle/today")
        try:
            puzzle = today.json()
        except (ValueError, TypeError):
            self.leave()  # the island would show its error
            return
        number = puzzle["number"]
        self.call("GET", puzzle["silhouette_url"], "GET /api/puzzle/[n]/silhouette")
        token = csrf_from(self, puzzle)
        attempts = 0
        for name in random.sample(NAMES, 6):
            self.wait()
            response = self.call(
                "POST",
                f"/api/puzzle/{number}/guesses",
                "POST /api/puzzle/[n]/guesses",
                # 409 (repeat, game over) and 422 (typo) are answers, not failures.
                answers=(201, 409, 422),
                data=json.dumps({"name": name, "attempt": attempts}),
                headers={"Content-Type": "application/json", "X-CSRFToken": token},
            )
            try:
                state = response.json()["state"]
            except (ValueError, KeyError, TypeError):
                continue
            if response.status_code == 201:
                ACKNOWLEDGED.append(
                    (cookie(self, "pg_player").split(":", 1)[0], response.json()["guess"]["name"])
                )
                attempts = len(state["guesses"])
            if state["status"] != "playing":
                break
        self.wait()
        # 403 not_finished: a typo cost no attempt and the player ran out of names.
        self.call("GET", f"/api/puzzle/{number}/results", "GET /api/puzzle/[n]/results", (200, 403))
        self.call("GET", "/api/stats", "GET /api/stats")
        self.leave()

    def leave(self) -> None:
        """Idle till the end of the run with the page open (see the module's docstring)."""
        self.wait_time = lambda: 3600  # type: ignore[method-assign]
        self.wait()


class BareView(FastHttpUser):
    wait_time = constant(0)

    @task
    def healthz(self) -> None:
        self.client.get("/healthz", name="GET /healthz (bare view)")


class PageReader(FastHttpUser):
    """An anonymous reader of one page (no cookies kept: a CDN's view of the origin).

    The body is read as sent, compressed, and never decoded, as a CDN stores it and as
    ``make bench`` reads it: decoding is the client's work, and for the archive's
    sitemap (0.9 MB of XML) it cost the load generator more than the server's whole
    answer, on the same two cores. The time is taken when the headers arrive, after
    the server has built the whole response."""

    wait_time = constant(0)

    @task
    def read(self) -> None:
        path = os.environ.get("BENCH_PATH", "/")
        self.client.cookiejar.clear()
        response = self.client.get(path, name=f"GET {path}", stream=True)
        for _chunk in response.iter_content(64 * 1024, decode_content=False):
            pass


class Guesser(FastHttpUser):
    """Guesses without think time; a finished game makes way for a new player."""

    wait_time = constant(0)

    def on_start(self) -> None:
        self.begin()

    def begin(self) -> None:
        self.client.cookiejar.clear()
        # The page comes from a CDN; the island's first call brings the CSRF token.
        body = self.client.get("/api/puzzle/today", name="setup").json()
        self.number = body["number"]
        self.token = csrf_from(self, body)

    @task
    def guess(self) -> None:
        with self.client.post(
            f"/api/puzzle/{self.number}/guesses",
            data=json.dumps({"name": random.choice(NAMES)}),
            headers={"Content-Type": "application/json", "X-CSRFToken": self.token},
            name="POST /api/puzzle/[n]/guesses",
            catch_response=True,
        ) as response:
            if response.status_code in (201, 409, 422):
                response.success()
            finished = response.status_code == 409 and b"game_over" in response.content
        if finished:
            self.begin()
