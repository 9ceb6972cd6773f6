"""Shared pytest fixtures: a test database with the Pokédex and the game pages loaded
once per session, a clean cache per test, and a Redis database per xdist worker."""

import copy
import os
import shutil
from collections import Counter
from typing import IO
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.cache import caches
from django.core.management import call_command

from portal import ratelimits
from tests import testdb


@pytest.hookimpl(trylast=True)  # after xdist's, which makes a controller's "dsession"
def pytest_configure(config):
    # schemathesis's plugin turns the API's operations into the fuzz tests as they are
    # collected, so only a process that collects needs it: not the controller of a
    # distributed run, which would import schemathesis and Hypothesis before it starts
    # any worker. It has no command-line options for the controller to miss.
    if not config.pluginmanager.hasplugin("dsession"):
        config.pluginmanager.import_plugin("schemathesis.pytest.plugin")


def pytest_ignore_collect(collection_path, config):
    # The topology's tests start nginx and two servers (a minute): collected only when
    # asked for by their marker (make test-topology), never by the quick suite.
    if collection_path.name == "topology" and collection_path.parent.name == "tests":
        return "topology" not in (config.option.markexpr or "")
    return None


def pytest_collection_modifyitems(items):
    # schemathesis names each operation's test ``test_…[GET /api/…]``, but pytest 9 builds
    # an item's id from its original name and its parameters, which schemathesis does not
    # pass: the fuzz tests all shared one id, which xdist's scope and group scheduling
    # would run once, and -k or --lf could not tell apart. Each gets its operation back
    # as its parameter; any other shared id stops the run.
    for item in items:
        label = getattr(item, "operation_label", None)
        if label and item._id.params is None:
            item._id = item._id.with_params(label)
    twice = sorted(nodeid for nodeid, n in Counter(i.nodeid for i in items).items() if n > 1)
    if twice:
        raise pytest.UsageError(f"Tests share an id, so some would not run: {twice}")
    # Tests that need no database first. With no saved test database (a fresh clone, as in
    # CI), the first worker to need one builds it and the other waits for the build
    # (tests/testdb.py). xdist's work-stealing gives each worker a contiguous share of
    # this list, so the first worker now spends that time on the tests that need nothing.
    # pytest-django's own hook (run before this one) put them last, after the database
    # tests and then the transactional ones; the sort is stable, so that order stays.
    # Within each group the slow tests go first: a worker that is left with a long test
    # at the end, a server started in a subprocess, say, keeps the other idle until it
    # ends (the queue's tail is what a worker steals last).
    items.sort(key=lambda item: (_needs_database(item), item.get_closest_marker("slow") is None))


# pytest-django's ordering reads the marker and the db, transactional_db and live_server
# fixtures; a fixture that asks for django_db_setup itself (the catalogue check's
# detector, the SQLite concurrency test's copy) builds the database too, so it counts.
_DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_setup", "live_server"})


def _needs_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(fixtures & _DATABASE_FIXTURES)


class _Plan:
    """How this process gets its test database (tests/testdb.py): ``build`` it and save
    a copy, ``restore`` the saved copy, or ``load`` the data as always (PostgreSQL)."""

    how = "load"
    key = ""
    lock: IO[str] | None = None
    checkout_database = ""  # the database the settings name, never the one tests use


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings):
    from django.conf import settings

    database = settings.DATABASES["default"]
    _Plan.checkout_database = str(database["NAME"])
    if not testdb.applies(database):
        return
    _Plan.key = testdb.digest()
    if not testdb.saved_copy(_Plan.key).exists():
        _Plan.lock = testdb.claim()
        if _Plan.lock is not None and testdb.saved_copy(_Plan.key).exists():
            testdb.release(_Plan.lock)  # built while this process looked
            _Plan.lock = None
    _Plan.how = "build" if _Plan.lock is not None else "restore"
    # Tables made from the models, not by running the migrations: quicker, and the same
    # tables (makemigrations --check keeps the two equal; tests/testdb.py).
    database.setdefault("TEST", {})["MIGRATE"] = False


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection

    if str(connection.settings_dict["NAME"]) == _Plan.checkout_database:
        # No collected test needs the database, so pytest-django made none: loading or
        # saving here would write the checkout's own database.
        if _Plan.lock is not None:
            testdb.release(_Plan.lock)
            _Plan.lock = None
        return
    with django_db_blocker.unblock():
        if _Plan.how == "restore":
            testdb.wait_for_build()
        if _Plan.how == "restore" and testdb.saved_copy(_Plan.key).exists():
            testdb.restore(connection, _Plan.key)
            ContentType.objects.clear_cache()  # ids read while the tables were created
        else:
            call_command("import_pokedex", verbosity=0)
            call_command("load_games", verbosity=0)
        if _Plan.lock is not None:
            testdb.save(connection, _Plan.key)
            testdb.release(_Plan.lock)
            _Plan.lock = None


@pytest.fixture(autouse=True, scope="session")
def _worker_caches(django_test_environment, tmp_path_factory):
    """This worker's own caches, set once for the whole session.

    On the production profile the workers share one Redis server; clearing the cache
    flushes a whole database, so each worker gets its own (10, 11, …). Rate-limit
    counters go to the same Redis database, or to a directory of this
    worker's own, so another worker's test never bumps or counts into this one. A test
    that changes ``CACHES`` itself changes it on top of this and gets it back after.
    """
    from django.conf import settings
    from django.test import override_settings

    caches_setting = copy.deepcopy(settings.CACHES)
    default = caches_setting["default"]
    if "redis" in default["BACKEND"].lower():
        worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
        parts = urlsplit(default["LOCATION"])
        index = 10 + int(worker.removeprefix("gw") or 0)
        default["LOCATION"] = urlunsplit(parts._replace(path=f"/{index}"))
    for alias in ("ratelimit",):
        if "redis" in caches_setting[alias]["BACKEND"].lower():
            caches_setting[alias]["LOCATION"] = default["LOCATION"]
        else:
            caches_setting[alias]["LOCATION"] = str(tmp_path_factory.getbasetemp() / alias)
    with override_settings(CACHES=caches_setting):
        yield


@pytest.fixture(autouse=True, scope="session")
def _worker_catalogues(django_test_environment, tmp_path_factory):
    """This worker's own copy of locale/: saving a translation builds the catalogues
    (translations.catalogue), and a test's saves must reach neither the checkout nor
    the other worker."""
    from django.conf import settings
    from django.test import override_settings

    folder = tmp_path_factory.getbasetemp() / "locale"
    shutil.copytree(settings.LOCALE_PATHS[0], folder)
    with override_settings(LOCALE_PATHS=[folder, *settings.LOCALE_PATHS[1:]]):
        yield


@pytest.fixture(autouse=True)
def _clean_cache(_worker_caches):
    # Each test starts with empty caches; the next test's start clears what this one
    # left, so nothing is cleared at its end.
    ratelimits.reset_fail_open()
    for alias in ("default", "ratelimit"):
        caches[alias].clear()


@pytest.fixture(autouse=True)
def _default_language():
    # A test that activates a language (a view, a command) must not leak it into the
    # next test of the same worker: translated model fields read the active language.
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()
