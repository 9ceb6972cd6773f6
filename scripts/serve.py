"""Run the site under gunicorn on a free loopback port for a block of code: used by the
browser tests, `make bench` and `make lighthouse`."""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict, *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


@contextmanager
def gunicorn(
    env: dict,
    workers: int = 2,
    threads: int = 1,
    keep_alive: int = 2,
    preload: bool = False,
    log: Path | None = None,
) -> Iterator[str]:
    """Yield the base URL of a gunicorn serving the project with ``env`` (``threads`` > 1:
    gunicorn's threaded workers, for requests that mostly wait on the database;
    ``preload``: the site is imported once and the workers forked from it, for a test
    that needs several workers but not their start-up cost; ``log``: a file for the
    server's output, its request log included, instead of the caller's own)."""
    port = free_port()
    with open(log, "w") if log else nullcontext() as output:
        process = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "portal.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--no-control-socket",
                "--log-level",
                "warning",
                *(["--threads", str(threads)] if threads > 1 else []),
                *(["--preload"] if preload else []),
                "--keep-alive",
                str(keep_alive),
            ],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=output,
            process_group=0,  # the arbiter and its workers, stopped together below
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError(
                            "gunicorn did not start" + (f" (its output: {log})" if log else "")
                        ) from None
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{port}"
        finally:
            # Stopped outright, workers and all: nothing a test, a benchmark or Lighthouse
            # reads happens at shutdown (the log is written a line at a time), and even
            # gunicorn's quick shutdown (SIGINT) waits for each process to tear down its
            # interpreter.
            with suppress(ProcessLookupError):  # it never started
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
