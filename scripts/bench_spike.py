"""``make bench-spike``: the midnight spike on the production profile, with locust.

Starts gunicorn (scripts/serve.py) on a free loopback port against PostgreSQL and Redis
(its own database), then runs locust headless, bounded in users and time:

1. capacity: each URL of the ratio table hammered without think time for a few
   seconds (the liveness probe ``/healthz`` first, the one URL nginx never caches),
   printed with its ratio to the probe;
2. the spike: ``SPIKE_PLAYERS`` players (2,000; ``SPIKE_PLAYERS=10000`` or
   ``make bench-spike BIG=1`` for 10,000) arriving over a minute, each playing one
   whole game (scripts/spike_locustfile.py), printed per endpoint.

By default the players go through the production topology (scripts/topology.py: nginx
in front of two gunicorn nodes, its own folder ``.make/bench-topology``), and the run
ends with the share of requests nginx's cache answered and with wrk's figures for what
nginx serves from its cache against a node's bare view (locust, in Python, cannot ask
fast enough to measure nginx); ``BENCH_DIRECT=1`` (``make bench-spike DIRECT=1``) drives
one gunicorn without nginx instead, as before.

Only talks to 127.0.0.1. Rate limiting is off: every player shares one address here.
"""

import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from scripts.bench import (
    BARE_VIEW,
    SERVER_LOG,
    TARGETS,
    describe_workers,
    host_speed,
    production_site,
    speed_after,
)
from scripts.serve import ROOT, free_port
from scripts.topology import Topology

LOCUSTFILE = ROOT / "scripts" / "spike_locustfile.py"
PLAYERS = int(os.environ.get("SPIKE_PLAYERS", "2000"))
ARRIVAL = float(os.environ.get("SPIKE_ARRIVAL", "60"))  # seconds over which they arrive
CAPACITY_SECONDS = int(os.environ.get("BENCH_SECONDS", "8"))
CAPACITY_USERS = int(os.environ.get("BENCH_PLAYERS", "32"))
DIRECT = os.environ.get("BENCH_DIRECT", "") not in ("", "0")
# The cache status nginx logs for each proxied read (the pokeguess log format).
CACHE_STATUS = re.compile(r'"(?:GET|HEAD) [^"]*" \d+ \d+ \S+ "[^"]*" (\S+) ')


@contextmanager
def topology_site() -> Iterator[Topology]:
    """The production topology with rate limiting off, its nodes sharing the workers
    ``make bench`` gives one gunicorn."""
    from scripts.bench import WORKERS

    topology = Topology(
        root=ROOT / ".make" / "bench-topology",
        port=free_port(),
        database="pokeguess_topology_bench",
        cache_prefix="pokeguess-topology-bench",
        workers=max(2, WORKERS // 2),
        ratelimit=False,
    )
    try:
        topology.start()
        yield topology
    finally:
        topology.stop()


def cache_summary(access_log: Path) -> str:
    statuses = Counter(
        match.group(1)
        for match in map(CACHE_STATUS.search, access_log.read_text().splitlines())
        if match
    )
    reads = sum(statuses.values())
    hits = statuses["HIT"] + statuses["STALE"] + statuses["UPDATING"]
    counts = ", ".join(f"{status} {n}" for status, n in statuses.most_common())
    return (
        f"nginx's cache answered {hits / (reads or 1):.1%} of {reads} proxied reads ({counts}; "
        "static files are served by nginx and not counted)"
    )


def locust(
    base: str, users: int, rate: float, seconds: int, user_class: str, after_spawn=False, **env
) -> list:
    """Run locust headless; return the rows of its stats CSV (one per endpoint).

    ``after_spawn``: count only once every user has arrived (locust's ``--reset-stats``),
    as ``make bench`` measures after an unmeasured second: the capacity rows are about
    steady load, not the first connections. Never for the spike, which is the arrival."""
    with tempfile.TemporaryDirectory() as tmp:
        prefix = str(Path(tmp) / "run")
        subprocess.run(
            [
                str(Path(sys.executable).parent / "locust"),
                "-f",
                str(LOCUSTFILE),
                "--headless",
                "--host",
                base,
                "-u",
                str(users),
                "-r",
                f"{rate:g}",
                "-t",
                f"{seconds}s",
                "--stop-timeout",
                "10",
                "--only-summary",
                "--csv",
                prefix,
                "--loglevel",
                "ERROR",
                *(["--reset-stats"] if after_spawn else []),
                user_class,
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), **env},  # it imports scripts.*
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=seconds + 60,
        )
        with open(f"{prefix}_failures.csv", newline="") as handle:
            for row in csv.DictReader(handle):
                print(f"  failure: {row['Name']}: {row['Error'][:80]} ×{row['Occurrences']}")
        with open(f"{prefix}_stats.csv", newline="") as handle:
            return [row for row in csv.DictReader(handle) if row["Name"] != "Aggregated"]


def warm(url: str) -> None:
    """One request per encoding a client may ask for, so the capacity run measures warm
    caches rather than 32 first renders at once."""
    for encoding in ("", "gzip, deflate, br"):
        request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()


def line(label: str, row: dict, extra: str = "") -> str:
    return (
        f"{label:<34}{float(row['Requests/s']):>8.0f}{row['50%']:>8}{row['95%']:>8}"
        f"{row['99%']:>8}{row['Failure Count']:>8}  {extra}"
    )


def header() -> str:
    return f"{'endpoint':<34}{'req/s':>8}{'p50':>8}{'p95':>8}{'p99':>8}{'fails':>8}"


def main() -> int:
    if DIRECT:
        # Sync workers close each connection after its response. With threaded ones
        # (BENCH_THREADS) players keep theirs between guesses, up to four seconds apart.
        with production_site(keep_alive=10) as base:
            print(
                f"gunicorn {describe_workers()} on {os.cpu_count()} cores; latencies in ms; "
                f"{host_speed()}; the server's log: {SERVER_LOG.relative_to(ROOT)}"
            )
            run(base)
        return 0
    with topology_site() as topology:
        print(
            f"nginx in front of two gunicorn nodes of {topology.workers} sync workers on "
            f"{os.cpu_count()} cores; latencies in ms; {host_speed()}; the logs: "
            f"{topology.log('nginx').parent.relative_to(ROOT)}/"
        )
        run(topology.url)
        print(cache_summary(topology.log("nginx-access")))
        cached_against_bare(topology)
        print(f"\nThe spike again ({PLAYERS} new players), with a failure in its middle:")
        spike_with(topology, "a rolling deploy", lambda: topology.deploy_rolling(say=quiet))
        spike_with(topology, "node-b killed (SIGKILL), back 15 s later", kill_and_restart(topology))
    return 0


def quiet(_message: str) -> None:
    pass


def kill_and_restart(topology: Topology) -> Callable[[], None]:
    def fail() -> None:
        topology.kill_node("node-b")
        time.sleep(15)
        topology.start_node("node-b")

    return fail


def spike_with(topology: Topology, what: str, fail: Callable[[], None]) -> None:
    """The spike, with ``fail`` run a third of the way into the arrival; one line: the
    requests that failed (each asked again by the player, as the island does), how many
    of those then succeeded, and the acknowledged guesses missing from the database."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        failure = threading.Timer(ARRIVAL / 3, fail)
        failure.start()
        try:
            rows = locust(
                topology.url,
                PLAYERS,
                PLAYERS / ARRIVAL,
                int(ARRIVAL) + 45,
                "MidnightPlayer",
                SPIKE_REPORT=str(report),
            )
        finally:
            failure.join()
        result = json.loads(report.read_text())
    requests = sum(int(row["Request Count"]) for row in rows)
    failed = sum(int(row["Failure Count"]) for row in rows)
    retries = result["retries"]
    acknowledged = [tuple(guess) for guess in result["acknowledged"]]
    lost = topology.missing_guesses(acknowledged)
    guesses = next(r for r in rows if r["Name"].startswith("POST"))
    print(
        f"  {what}: {requests} requests, {failed} failed ({failed / (requests or 1):.2%}); "
        f"of {retries['failed']} asked again {retries['recovered']} then succeeded, "
        f"{retries['gave_up']} gave up; guesses p99 {guesses['99%']} ms; "
        f"{len(acknowledged)} guesses acknowledged, {len(lost)} missing from the database"
    )


def wrk(url: str, connections: int = 64) -> tuple[float, str, int]:
    """wrk's requests/s, p99 and non-2xx/3xx count for ``url``: keep-alive connections,
    no think time, a thread per core, as a browser asks (gzip)."""
    output = subprocess.run(
        ["wrk", "-t", str(os.cpu_count() or 1), "-c", str(connections)]
        + ["-d", f"{CAPACITY_SECONDS}s", "--latency", "-H", "Accept-Encoding: gzip", url],
        capture_output=True,
        text=True,
        check=True,
        timeout=CAPACITY_SECONDS + 60,
    ).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
    p99 = re.search(r"^\s+99%\s+(\S+)", output, re.M)
    failed = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: .*", output)
    if errors:
        print(f"  {url}: {errors.group(0)}")
    assert rps and p99, output
    return float(rps.group(1)), p99.group(1), int(failed.group(1)) if failed else 0


def cached_against_bare(topology: Topology) -> None:
    """The target of docs/benchmarks.md: a page or the names list from nginx's cache at
    ten times or more the requests/s of the origin's bare view."""
    print(f"\nwrk ({CAPACITY_SECONDS}s each, 64 connections), against one node's bare view:")
    bare, bare_p99, bare_failed = wrk(topology.node_url("node-a") + BARE_VIEW)
    label = f"GET {BARE_VIEW} on a node (bare view)"
    print(f"{label:<44}{bare:>9.0f} req/s  p99 {bare_p99}")
    for label, path in (
        ("GET /vex5/ through nginx", "/vex5/"),
        ("GET / through nginx", "/"),
        ("GET /api/pokemon/names through nginx", "/api/pokemon/names?lang=en"),
    ):
        warm(topology.url + path)
        rps, p99, failed = wrk(topology.url + path)
        print(
            f"{label:<44}{rps:>9.0f} req/s  p99 {p99}  non-2xx {failed}  "
            f"{rps / (bare or 1):.1f}x the bare view (target >= 10x)"
        )
    if bare_failed:
        print(f"  the bare view answered {bare_failed} requests with an error")


def run(base: str) -> None:
    """The capacity table, then the spike, against ``base``."""
    print(f"\nCapacity ({CAPACITY_SECONDS}s each, no think time), ratio to the liveness probe:")
    print(header())
    bare = locust(
        base, CAPACITY_USERS, CAPACITY_USERS, CAPACITY_SECONDS, "BareView", after_spawn=True
    )
    bare_rps = float(bare[0]["Requests/s"]) or 1.0
    print(line("GET /healthz (liveness probe)", bare[0]))
    for label, path, users, _goal in TARGETS:
        if path is None:
            rows = locust(base, users, users, CAPACITY_SECONDS, "Guesser", after_spawn=True)
            row = next(r for r in rows if r["Name"].startswith("POST"))
        else:
            warm(base + path)
            rows = locust(
                base,
                users,
                users,
                CAPACITY_SECONDS,
                "PageReader",
                after_spawn=True,
                BENCH_PATH=path,
            )
            row = rows[0]
        ratio = float(row["Requests/s"]) / bare_rps
        print(line(f"{label} ({users} users)", row, f"{ratio:6.1%} of the probe"))

    print(f"\nSpike: {PLAYERS} players arriving over {ARRIVAL:.0f}s, one game each:")
    rows = locust(base, PLAYERS, PLAYERS / ARRIVAL, int(ARRIVAL) + 45, "MidnightPlayer")
    print(header())
    for row in sorted(rows, key=lambda r: r["Name"]):
        print(line(row["Name"][:34], row, f"{row['Request Count']} requests"))
    print(f"\n{speed_after()}")


if __name__ == "__main__":
    sys.exit(main())
