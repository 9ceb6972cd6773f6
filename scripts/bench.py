"""Quick ratios on the production profile (gunicorn + PostgreSQL + Redis).

Starts gunicorn on a free port against a dedicated PostgreSQL database, then drives it
with concurrent clients: the liveness probe, a bare Django view, the guess API
(anonymous players, each with its own cookies), a game page, the home page and the
sitemap, all in the same run. Prints requests/s, p50/p99 latency, errors and each one's
ratio to the bare view (the table of docs/benchmarks.md). Only talks to 127.0.0.1.

The bare view is ``/robots.txt``: a view that builds a few lines of text, behind every
middleware, as ``/healthz`` was when the goals were set. ``/healthz`` is now answered by
the second middleware (portal.health), about three times faster, and is printed for
reference only.

    make bench                       # defaults below
    BENCH_SECONDS=20 BENCH_PLAYERS=64 make bench

Rate limiting is switched off for the run: every player shares one IP address here.
"""

import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie

from scripts.bench_names import GUESSES, TYPOS
from scripts.serve import ROOT, gunicorn, manage

SECONDS = float(os.environ.get("BENCH_SECONDS", "10"))
PLAYERS = int(os.environ.get("BENCH_PLAYERS", "32"))
WORKERS = int(os.environ.get("BENCH_WORKERS", str(2 * (os.cpu_count() or 1) + 1)))
# Sync workers, as the README's production profile runs them: a guess is Python work
# around a few short queries, so threads in a worker add handoffs of the interpreter
# lock, and kept connections tie players to busy workers.
THREADS = int(os.environ.get("BENCH_THREADS", "1"))
DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pokeguess_bench"
)
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/2")
# The server's own output (its request log: a line per request) goes to a file, not
# between the figures; writing it stays part of every request, as in production.
SERVER_LOG = ROOT / ".make" / "bench-server.log"
# Before each measured window, the same load unmeasured for this long: every worker has
# imported the site, read the catalogues and filled its caches, as at midnight, when
# the workers have been serving all day.
WARM_SECONDS = 1.0
NAMES = GUESSES + TYPOS
ACCEPT = {"Accept-Encoding": "br, gzip"}  # as browsers, crawlers and CDNs ask
BARE_VIEW = "/robots.txt"  # see the docstring
# The ratio table (docs/benchmarks.md): label, page path (None: the guess API), concurrent
# clients, and the goal as a share of the bare view's requests/s in the same run.
TARGETS = [
    ("POST guess", None, 64, ">= 30%, p99 < 150 ms"),
    ("GET /vex5/ (game page)", "/vex5/", 32, ">= 50%"),
    ("GET / (home)", "/", 32, ">= 50%"),
    ("GET /sitemap.xml (index)", "/sitemap.xml", 32, "p50 < 50 ms warm"),
    ("GET /sitemap-archive.xml", "/sitemap-archive.xml", 32, "p50 < 50 ms warm"),
]


def describe_workers() -> str:
    if THREADS > 1:
        return f"{WORKERS} workers × {THREADS} threads"
    return f"{WORKERS} sync workers"


# Run as a script's top level runs it (names in a dict), as the yardstick was first
# measured with ``python3 -c``.
_YARDSTICK = compile("total = 0\nfor i in range(10_000_000):\n    total += i\n", "<host>", "exec")


def host_speed() -> str:
    """A yardstick of this host's single-core speed, printed with each run so runs on
    different hosts, or at different moments of a shared one, can be told apart
    (docs/benchmarks.md). Best of three, before any load starts."""
    return f"host speed: ten million Python additions in {_yardstick():.2f} s (lower is faster)"


def speed_after() -> str:
    """The yardstick again once the load has stopped. A shared virtual machine may slow
    down under minutes of full load: when the two readings differ, the later rows were
    measured on a slower machine than the bare view."""
    return f"host speed after the run: {_yardstick():.2f} s"


def _yardstick() -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        exec(_YARDSTICK, {})  # noqa: S102 - our own constant code
        best = min(best, time.perf_counter() - started)
    return best


def ensure_database() -> None:
    import psycopg

    base, _slash, name = DATABASE_URL.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def vacuum() -> None:
    """Clear the dead rows earlier runs left behind, so each run starts from the state
    autovacuum keeps a production database in. A server with autovacuum off (as on
    this machine) keeps them all: after a dozen runs the two refused names the
    benchmark types had 69,000 dead versions."""
    import psycopg

    with psycopg.connect(DATABASE_URL, autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE)")


@contextmanager
def production_site(keep_alive: int = 2) -> Iterator[str]:
    """The base URL of gunicorn on the production profile (PostgreSQL + Redis), with the
    data loaded and rate limiting off (every simulated player shares one address)."""
    ensure_database()
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "DJANGO_DEBUG": "0",
        "RATELIMIT_ENABLE": "0",
        # A site on PostgreSQL refuses public secrets (portal.checks); these guard
        # nothing but a throwaway benchmark database.
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only-secret-key-" + "b" * 40,
        "PUZZLE_SEED": os.environ.get("PUZZLE_SEED") or "bench-only-puzzle-seed",
    }
    for args in (["migrate", "--noinput", "-v", "0"], ["import_pokedex"], ["load_games"]):
        manage(env, *args)
    vacuum()
    SERVER_LOG.parent.mkdir(exist_ok=True)
    with gunicorn(
        env, workers=WORKERS, threads=THREADS, keep_alive=keep_alive, log=SERVER_LOG
    ) as base:
        yield base


class Player:
    """One anonymous player: its own connection and cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes | None = None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie(header)
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        return response.status, data

    def reset(self) -> int:
        """Arrive as a new player, as the game island does: today's puzzle and state
        come with the CSRF token and its cookie (pages carry none). The puzzle's number."""
        self.cookies = {}
        return json.loads(self.request("GET", "/api/puzzle/today")[1])["number"]


def run(
    port: int, scenario: str, path: str = "/", players: int = PLAYERS, seconds: float = SECONDS
) -> dict:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors = 0
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def worker(seed: int) -> None:
        nonlocal errors
        rng = random.Random(seed)
        player = Player(port)
        try:
            if scenario == "guess":
                number = player.reset()
            while time.monotonic() < stop:
                start = time.perf_counter()
                if scenario == "guess":
                    body = json.dumps({"name": rng.choice(NAMES)}).encode()
                    status, data = player.request(
                        "POST",
                        f"/api/puzzle/{number}/guesses",
                        body,
                        {
                            "Content-Type": "application/json",
                            "X-CSRFToken": player.cookies.get("csrftoken", ""),
                        },
                    )
                elif scenario == "page":
                    player.cookies = {}  # an anonymous reader, as a CDN would ask
                    status, data = player.request("GET", path, headers=ACCEPT)
                else:
                    status, data = player.request("GET", path)
                elapsed = time.perf_counter() - start
                with lock:
                    latencies.append(elapsed)
                    statuses[status] = statuses.get(status, 0) + 1
                if scenario == "guess" and status == 409 and b"game_over" in data:
                    number = player.reset()  # the game is over: a new player arrives
        except Exception:  # noqa: BLE001 - counted and reported
            with lock:
                errors += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(players)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    duration = time.monotonic() - began
    latencies.sort()
    bad = sum(count for status, count in statuses.items() if status >= 500)
    return {
        "requests": len(latencies),
        "rps": len(latencies) / duration,
        "p50": statistics.median(latencies) * 1000 if latencies else 0,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else 0,
        "errors": errors + bad,
        "statuses": dict(sorted(statuses.items())),
    }


def main() -> int:
    with production_site() as base:
        port = int(base.rsplit(":", 1)[1])
        Player(port).request("GET", "/api/puzzle/today")  # the site answers before we time it
        print(
            f"gunicorn {describe_workers()} on {os.cpu_count()} cores, "
            f"{SECONDS:.0f}s per scenario after {WARM_SECONDS:.0f}s unmeasured, latencies in ms; "
            f"{host_speed()}; the server's log: {SERVER_LOG.relative_to(ROOT)}"
        )
        print(f"{'scenario':<32}{'req/s':>8}{'p50':>8}{'p99':>8}{'errors':>7}  ratio to bare")
        measured = {}
        for label, url in (("liveness probe /healthz", "/healthz"), ("bare view", BARE_VIEW)):
            run(port, "bare", url, seconds=WARM_SECONDS)
            r = measured[url] = run(port, "bare", url)
            print(
                f"{label + ' (' + str(PLAYERS) + ')':<32}{r['rps']:>8.0f}"
                f"{r['p50']:>8.1f}{r['p99']:>8.1f}{r['errors']:>7}  {r['statuses']}"
            )
        bare = measured[BARE_VIEW]  # the yardstick of every ratio below
        for label, path, players, target in TARGETS:
            scenario = "guess" if path is None else "page"
            run(port, scenario, path or "/", players=players, seconds=WARM_SECONDS)
            r = run(port, scenario, path or "/", players=players)
            ratio = r["rps"] / (bare["rps"] or 1)
            print(
                f"{label + ' (' + str(players) + ')':<32}{r['rps']:>8.0f}{r['p50']:>8.1f}"
                f"{r['p99']:>8.1f}{r['errors']:>7}  {ratio:6.1%} (goal {target}) {r['statuses']}"
            )
        print(speed_after())
    return 0


if __name__ == "__main__":
    sys.exit(main())
