"""Locust users for ``make bench-spike`` (scripts/bench_spike.py starts them).

``MidnightPlayer`` is one player arriving just after 00:00 UTC: the home page and its
static files, the names list, today's puzzle and its silhouette, up to six guesses with
think time, then the results and the statistics; then it idles with the page open.
It does not leave: locust tops up the running users to its target at every step of the
arrival, so a player that stopped would be replaced by a new one, and more than
``SPIKE_PLAYERS`` would arrive. The other users hammer
one URL without think time and measure capacity (``BENCH_PATH`` for ``PageReader``).

Only ever pointed at 127.0.0.1 by the runner.
"""

import json
import os
import random
import re

from locust import FastHttpUser, between, constant, task
from locust.exception import StopUser

from scripts.bench_names import GUESSES, TYPOS

NAMES = GUESSES + TYPOS[:1]  # one typo in fifteen names
STATIC = re.compile(r"""(?:src|href)="(/static/[^"]+\.(?:js|css))\"""")
THINK = (
    float(os.environ.get("SPIKE_THINK_MIN", "1.5")),
    float(os.environ.get("SPIKE_THINK_MAX", "4")),
)


def csrf_from(user: FastHttpUser, body: dict | None) -> str:
    token = (body or {}).get("csrf_token")
    if isinstance(token, str) and token:
        return token
    for cookie in user.client.cookiejar:
        if cookie.name == "csrftoken":
            return cookie.value
    return ""


class MidnightPlayer(FastHttpUser):
    wait_time = between(*THINK)

    @task
    def play(self) -> None:
        home = self.client.get("/", name="GET / (home)")
        for path in sorted(set(STATIC.findall(home.text or ""))):
            self.client.get(path, name="GET /static/* (home assets)")
        self.client.get("/api/pokemon/names?lang=en", name="GET /api/pokemon/names")
        today = self.client.get("/api/puzzle/today", name="GET /api/puzzle/today")
        try:
            puzzle = today.json()
        except (ValueError, TypeError):
            raise StopUser() from None
        number = puzzle["number"]
        self.client.get(puzzle["silhouette_url"], name="GET /api/puzzle/[n]/silhouette")
        token = csrf_from(self, puzzle)
        for name in random.sample(NAMES, 6):
            self.wait()
            with self.client.post(
                f"/api/puzzle/{number}/guesses",
                data=json.dumps({"name": name}),
                headers={"Content-Type": "application/json", "X-CSRFToken": token},
                name="POST /api/puzzle/[n]/guesses",
                catch_response=True,
            ) as response:
                # 409 (repeat, game over) and 422 (typo) are answers, not failures.
                if response.status_code in (201, 409, 422):
                    response.success()
                try:
                    status = response.json()["state"]["status"]
                except (ValueError, KeyError, TypeError):
                    status = "playing"
            if status != "playing":
                break
        self.wait()
        with self.client.get(
            f"/api/puzzle/{number}/results",
            name="GET /api/puzzle/[n]/results",
            catch_response=True,
        ) as response:
            # 403 not_finished: a typo cost no attempt and the player ran out of names.
            if response.status_code in (200, 403):
                response.success()
        self.client.get("/api/stats", name="GET /api/stats")
        self.wait_time = lambda: 3600  # type: ignore[method-assign]  # done: idle till the end
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
