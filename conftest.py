"""Shared pytest fixtures: a test database with the Pokédex and the game pages loaded
once per session, a clean cache per test, and a Redis database per xdist worker."""

import copy
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.cache import cache
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("import_pokedex", verbosity=0)
        call_command("load_games", verbosity=0)


@pytest.fixture(autouse=True)
def _clean_cache(request, settings):
    # On the production profile the workers share one Redis server; clearing the cache
    # flushes a whole database, so each worker gets its own (10, 11, …).
    default = settings.CACHES["default"]
    if "redis" in default["BACKEND"].lower():
        worker = getattr(request.config, "workerinput", {}).get("workerid", "gw0")
        parts = urlsplit(default["LOCATION"])
        caches = copy.deepcopy(settings.CACHES)
        index = 10 + int(worker.removeprefix("gw") or 0)
        caches["default"]["LOCATION"] = urlunsplit(parts._replace(path=f"/{index}"))
        settings.CACHES = caches
    cache.clear()
    _forget_process_memory()
    yield
    cache.clear()


def _forget_process_memory() -> None:
    # Workers keep staff-edited data in memory keyed by versions (docs/scaling.md); tests
    # also write with update(), which bumps nothing, so each test starts afresh.
    from portal import pagecache
    from puzzle import memory, names

    memory.clear()
    names._index.cache_clear()
    names._names.cache_clear()
    pagecache.clear()
