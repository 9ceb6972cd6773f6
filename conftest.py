"""Shared pytest fixtures: a test database with the Pokédex and the game pages loaded
once per session, a clean cache per test, and a Redis database per xdist worker."""

import copy
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.cache import caches
from django.core.management import call_command

from puzzle import ratelimits


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("import_pokedex", verbosity=0)
        call_command("load_games", verbosity=0)


@pytest.fixture(autouse=True)
def _clean_cache(request, settings, tmp_path_factory):
    # On the production profile the workers share one Redis server; clearing the cache
    # flushes a whole database, so each worker gets its own (10, 11, …).
    default = settings.CACHES["default"]
    caches_setting = copy.deepcopy(settings.CACHES)
    if "redis" in default["BACKEND"].lower():
        worker = getattr(request.config, "workerinput", {}).get("workerid", "gw0")
        parts = urlsplit(default["LOCATION"])
        index = 10 + int(worker.removeprefix("gw") or 0)
        caches_setting["default"]["LOCATION"] = urlunsplit(parts._replace(path=f"/{index}"))
    # Rate-limit counters and data versions: the same Redis database, or a directory of
    # this worker's own, so another worker's test never bumps or counts into this one.
    for alias in ("ratelimit", "versions"):
        if "redis" in caches_setting[alias]["BACKEND"].lower():
            caches_setting[alias]["LOCATION"] = caches_setting["default"]["LOCATION"]
        else:
            caches_setting[alias]["LOCATION"] = str(tmp_path_factory.getbasetemp() / alias)
    settings.CACHES = caches_setting
    ratelimits.reset_fail_open()
    for alias in ("default", "ratelimit"):
        caches[alias].clear()
    _forget_process_memory()
    yield
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


def _forget_process_memory() -> None:
    # Workers keep staff-edited data in memory keyed by versions (docs/scaling.md); tests
    # also write with update(), which bumps nothing, so each test starts afresh.
    from games import navigation
    from portal import pagecache, versions
    from puzzle import memory, names

    memory.clear()
    navigation.clear()
    names._index.cache_clear()
    names._names.cache_clear()
    pagecache.clear()
    versions.forget()
