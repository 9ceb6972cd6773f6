"""A worker loads what its first request would need while it boots (portal.warmup)."""

import logging
from unittest import mock

import pytest
from django.db import OperationalError

from portal import warmup
from portal.warmup import warm_up
from puzzle import memory
from translations import store

pytestmark = pytest.mark.django_db


@pytest.fixture
def new_worker():
    """This process as a worker that has served nothing yet; the test transaction's
    connection stays open (warm_up closes a preloading master's)."""
    memory.clear()
    store.forget()
    with mock.patch("portal.warmup.connections") as connections:
        yield connections
    memory.clear()
    store.forget()


def test_the_first_request_finds_the_catalogues_and_the_pokedex_loaded(
    new_worker, django_assert_num_queries
):
    warm_up()
    assert store.refresh_if_changed(force=False) is False  # nothing left to load
    with django_assert_num_queries(0):
        assert memory.pokedex()[25].name_en == "Pikachu"


def test_it_leaves_no_database_connection_for_forked_workers_to_share(new_worker):
    warm_up()
    new_worker.close_all.assert_called_once_with()


def test_at_the_first_step_that_fails_the_worker_starts_and_leaves_the_rest(new_worker, caplog):
    def database_down():
        raise OperationalError("connection timeout expired")

    later = mock.Mock()
    with mock.patch.object(warmup, "_steps", []):
        warmup.at_start(database_down)
        warmup.at_start(later)
        warmup.at_start(database_down)  # registered once
        with caplog.at_level(logging.WARNING, logger="portal.warmup"):
            warm_up()  # does not raise: the worker starts
    # Each further step would wait for the same timeout; requests load it instead.
    later.assert_not_called()
    assert "Could not run portal.tests.test_warmup." in caplog.text
    assert "database_down at start" in caplog.text
    new_worker.close_all.assert_called_once_with()
