"""A lock held on the games table (a migration, a long admin transaction) makes a guess
the API's JSON 503 within PostgreSQL's ``lock_timeout``, instead of holding every worker
until gunicorn kills it (docs/security.md "The database is locked")."""

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import Client

from puzzle.models import PlayerGame
from puzzle.tests.test_api import NOON, at, guess, schedule

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="lock_timeout and statement_timeout are PostgreSQL's; SQLite's waits are "
        "bounded by its busy timeout (tests/faults/test_sqlite_concurrency.py)",
    ),
]


@contextmanager
def games_table_locked() -> Iterator[None]:
    """Another connection holds the strongest lock on the games table until the end."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                table = connection.ops.quote_name(PlayerGame._meta.db_table)
                cursor.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
                locked.set()
                release.wait(timeout=60)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(timeout=10), "the lock was never taken"
        yield
    finally:
        release.set()
        holder.join(timeout=60)


def test_the_connection_applies_the_configured_timeouts():
    options = settings.DATABASES["default"]["OPTIONS"].get("options", "")
    configured = {name: int(ms) for name, ms in re.findall(r"-c (\w+)=(\d+)", options)}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT extract(epoch FROM current_setting('lock_timeout')::interval) * 1000, "
            "extract(epoch FROM current_setting('statement_timeout')::interval) * 1000"
        )
        lock, statement = cursor.fetchone()
    assert configured == {"lock_timeout": lock, "statement_timeout": statement}
    assert lock > 0 and statement > 0


@pytest.mark.slow
def test_a_guess_blocked_by_a_lock_is_a_quick_json_503():
    with at(NOON):
        schedule(NOON.date(), 25)
        with games_table_locked():
            started = time.perf_counter()
            response = guess(Client(), 21, "Bulbasaur")
            waited = time.perf_counter() - started
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "service_unavailable"
    # Well within gunicorn's worker timeout, after which the worker is killed and the
    # player gets the proxy's HTML error page.
    assert waited < 15
