"""Shared pytest fixtures: a test database with the Pokédex and the game pages loaded
once per session, a clean cache per test, and a frozen clock helper."""

import pytest
from django.core.cache import cache
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("import_pokedex", verbosity=0)
        call_command("load_games", verbosity=0)


@pytest.fixture(autouse=True)
def _clean_cache():
    cache.clear()
    yield
    cache.clear()
