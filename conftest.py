"""Shared pytest fixtures: a test database with the Pokédex and the game pages loaded
once per session, a clean cache per test, and a Redis database per xdist worker."""

import copy
import gc
import os
from collections import Counter
from contextlib import ExitStack
from typing import IO
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.core.signals import setting_changed
from django.db import connections

from puzzle import ratelimits
from tests import testdb


@pytest.hookimpl(trylast=True)  # after xdist's, which makes a controller's "dsession"
def pytest_configure(config):
    # Tests make many short-lived objects (pages, forms, rows) beside a large heap that
    # lives all session (Django, the test database's data): with Python's default
    # thresholds the collector walks that heap again and again. Fewer, larger young
    # collections, and the heap built before the tests left out of them (below): about
    # 6% off the suite.
    gc.set_threshold(50_000, 20, 20)
    # schemathesis's plugin turns the API's operations into the fuzz tests as they are
    # collected, so only a process that collects needs it: not the controller of a
    # distributed run, which would import schemathesis and Hypothesis (0.3 s) before it
    # starts any worker. It has no command-line options for the controller to miss.
    if not config.pluginmanager.hasplugin("dsession"):
        config.pluginmanager.import_plugin("schemathesis.pytest.plugin")


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    # The interpreter's own teardown walks the whole heap with the collector over and
    # over: 0.3-0.5 s in each worker and in the controller, which waits for the workers
    # to exit. pytest has just collected once to report unraisable exceptions (its
    # unraisableexception plugin, which runs before this), so nothing is left for the
    # collector to find; frozen objects are still freed, without the walks (0.02 s).
    gc.freeze()


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
    # CI), the first worker to need one builds it and the other waits for the build, 1.6 s
    # (tests/testdb.py). xdist's work-stealing gives each worker a contiguous share of
    # this list, so the first worker now spends that time on the tests that need nothing.
    # pytest-django's own hook (run before this one) put them last, after the database
    # tests and then the transactional ones; the sort is stable, so that order stays.
    # Within each group the slow tests go first: a worker that is left with a long test
    # at the end, a server started in a subprocess, say, keeps the other idle until it
    # ends (the queue's tail is what a worker steals last), up to 2.4 s on this machine.
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


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings):
    from django.conf import settings

    database = settings.DATABASES["default"]
    if not testdb.applies(database):
        return
    _Plan.key = testdb.digest()
    if not testdb.saved_copy(_Plan.key).exists():
        _Plan.lock = testdb.claim()
        if _Plan.lock is not None and testdb.saved_copy(_Plan.key).exists():
            testdb.release(_Plan.lock)  # built while this process looked
            _Plan.lock = None
    _Plan.how = "build" if _Plan.lock is not None else "restore"
    # Tables made from the models, not by running the migrations: 0.45 s sooner, and the
    # same tables (makemigrations --check keeps the two equal; tests/testdb.py).
    database.setdefault("TEST", {})["MIGRATE"] = False


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection

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
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True, scope="session")
def _templates_render_without_copies(django_test_environment):
    """Tests read a page's HTML, never ``response.context``: the test environment's
    template renderer, which sends a signal so the test client keeps a copy of every
    template's context, costs a tenth of a page's render and more in the admin, where
    each of thousands of widgets is a template. Rendering goes back to Django's own way;
    a test that wants ``response.context`` can patch ``Template._render`` back to
    ``django.test.utils.instrumented_test_render``."""
    from django.template.base import Template

    instrumented = Template._render
    Template._render = _render
    yield
    Template._render = instrumented


def _render(self, context):
    return self.nodelist.render(context)  # django.template.base.Template._render


@pytest.fixture(autouse=True, scope="session")
def _worker_caches(django_test_environment, tmp_path_factory):
    """This worker's own caches, set once for the whole session.

    On the production profile the workers share one Redis server; clearing the cache
    flushes a whole database, so each worker gets its own (10, 11, …). Rate-limit
    counters and data versions go to the same Redis database, or to a directory of this
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
    for alias in ("ratelimit", "versions"):
        if "redis" in caches_setting[alias]["BACKEND"].lower():
            caches_setting[alias]["LOCATION"] = default["LOCATION"]
        else:
            caches_setting[alias]["LOCATION"] = str(tmp_path_factory.getbasetemp() / alias)
    with override_settings(CACHES=caches_setting):
        yield


@pytest.fixture(autouse=True)
def _clean_cache(_worker_caches):
    # Each test starts with empty caches; the next test's start clears what this one
    # left, so nothing is cleared at its end.
    ratelimits.reset_fail_open()
    for alias in ("default", "ratelimit"):
        caches[alias].clear()
    _forget_process_memory()
    with ExitStack() as stack:
        for connection in connections.all():
            stack.enter_context(connection.execute_wrapper(_writes))
        yield


@pytest.fixture(autouse=True)
def _default_language():
    # A test that activates a language (a view, a command) must not leak it into the
    # next test of the same worker: translated model fields read the active language.
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


class _Writes:
    """Which data kept in worker memory the tests since the last look may have changed.

    Workers keep staff-edited data and translators' saved text in memory keyed by
    versions (docs/scaling.md, docs/translations.md). Tests also write with ``update()``,
    which bumps nothing, and their writes are rolled back afterwards, which bumps nothing
    either; so memory built from a test's writes must not outlive the test. Building it
    costs tens of milliseconds (the Pokédex, its name indexes, the game pages, the
    catalogues) and few tests change it, so each kind is kept until a test writes to the
    tables it is built from, or changes a setting it is built with. Any other setting
    changes at most which puzzle a day has (the launch date, the seed) or how pages look,
    and pages are rendered afresh in every test.
    """

    # Each kind of memory, and how its tables' names begin (quoted by the ORM or not, as
    # in a test's own SQL; a false match only forgets more).
    SOURCES = {
        "pokedex": ("puzzle_pokemon",),
        "puzzles": ("puzzle_dailypuzzle",),
        "games": ("games_",),
        "translations": ("translations_",),
    }
    # What the rows are read from and what they are read as (translated fields, links).
    BUILT_WITH = {
        "DATABASES",
        "INSTALLED_APPS",
        "LANGUAGE_CODE",
        "LANGUAGES",
        "MODELTRANSLATION_LANGUAGES",
        "ROOT_URLCONF",
        "USE_I18N",
    }

    def __init__(self) -> None:
        self.changed = set(self.SOURCES)  # nothing is known before the first test

    def __call__(self, execute, sql, params, many, context):
        if sql.lstrip()[:7].lower().startswith(("insert", "update", "delete", "replace")):
            for kind, tables in self.SOURCES.items():
                if any(table in sql for table in tables):
                    self.changed.add(kind)
        return execute(sql, params, many, context)

    def settings_changed(self, setting: str, **kwargs) -> None:
        if setting in self.BUILT_WITH:
            self.changed.update(self.SOURCES)
        elif setting != "CACHES":  # set by _clean_cache for every test
            self.changed.add("puzzles")


_writes = _Writes()
setting_changed.connect(_writes.settings_changed, dispatch_uid="conftest-writes")


@pytest.fixture
def cold_memory():
    """Start with nothing in the worker's memory, as a worker does after a restart."""
    _writes.changed.update(_Writes.SOURCES)
    _forget_process_memory()


def _forget_process_memory() -> None:
    from games import memory as game_pages
    from games import navigation
    from portal import pagecache, versions
    from puzzle import memory, names
    from translations import store

    if "pokedex" in _writes.changed:
        memory.clear()
        names._index.cache_clear()
        names._names.cache_clear()
    elif "puzzles" in _writes.changed:
        memory.forget_puzzles()
    if "games" in _writes.changed:
        game_pages.clear()
        navigation.clear()
    if "translations" in _writes.changed:
        store.forget()
    _writes.changed.clear()
    pagecache.clear()  # rendered pages also follow settings and patched functions
    versions.forget()
