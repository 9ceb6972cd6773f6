"""The PostgreSQL backend's health check (portal.postgresql): no round trip while the
connection is healthy, and a connection the server ended is replaced before use."""

import select
import time
from typing import TYPE_CHECKING

import pytest
from django.db import connection

if TYPE_CHECKING:
    from portal.postgresql.base import DatabaseWrapper

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL backend"),
]


@pytest.fixture
def wrapper():
    """A connection of its own, outside the test's transaction, which the test may end."""
    # Imported here: on SQLite every test is skipped, and psycopg takes 0.14 s to import.
    from portal.postgresql.base import DatabaseWrapper

    own = DatabaseWrapper({**connection.settings_dict, "CONN_HEALTH_CHECKS": True}, "health")
    own.ensure_connection()
    yield own
    own.close()


def ended_by_the_server(own: "DatabaseWrapper") -> None:
    import psycopg

    pid = own.connection.info.backend_pid
    dsn = own.connection.info.dsn
    with psycopg.connect(dsn, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    poller = select.poll()
    poller.register(own.connection.fileno(), select.POLLIN)
    deadline = time.monotonic() + 5
    while not poller.poll(50) and time.monotonic() < deadline:
        pass  # the server's goodbye reaches the socket


def test_a_healthy_connection_is_usable_without_a_query(wrapper, monkeypatch):
    def no_query(*args, **kwargs):
        raise AssertionError("the health check sent a query")

    monkeypatch.setattr(wrapper.connection, "cursor", no_query)
    monkeypatch.setattr(wrapper.connection, "execute", no_query)
    assert wrapper.is_usable()


def test_a_connection_the_server_ended_is_not_usable(wrapper):
    ended_by_the_server(wrapper)
    assert not wrapper.is_usable()


def test_a_closed_connection_is_not_usable(wrapper):
    wrapper.connection.close()
    assert not wrapper.is_usable()


def test_the_next_request_gets_a_new_connection(wrapper):
    """As at the start of a request: the check fails, Django reconnects, the query runs."""
    old_pid = wrapper.connection.info.backend_pid
    ended_by_the_server(wrapper)
    wrapper.health_check_done = False
    wrapper.close_if_health_check_failed()
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (new_pid,) = cursor.fetchone()
    assert new_pid != old_pid
