"""Versions of staff-edited data: read from the shared cache at most once per
``VERSIONS_MAX_AGE`` by each worker (docs/scaling.md)."""

import time

import pytest
from django.core.cache import caches

from portal import pagecache, versions
from puzzle import memory, state


def _another_worker_bumps(name: str) -> None:
    # What a save in another process does: the shared value moves, this memory does not.
    caches["versions"].incr(f"version:{name}")


def _new_request() -> None:
    versions._forget_if_old()  # the request_started receiver


def test_a_worker_asks_the_cache_once_within_the_max_age(settings):
    settings.VERSIONS_MAX_AGE = 60
    first = versions.get("games")
    _another_worker_bumps("games")
    _new_request()
    assert versions.get("games") == first  # still trusted: no round trip


def test_after_the_max_age_the_next_request_sees_the_edit(settings, monkeypatch):
    settings.VERSIONS_MAX_AGE = 1
    first = versions.get("games")
    _another_worker_bumps("games")
    later = time.monotonic() + 1.5
    monkeypatch.setattr(versions.time, "monotonic", lambda: later)
    _new_request()
    assert versions.get("games") == first + 1


def test_an_edit_in_this_worker_is_seen_at_once(settings):
    settings.VERSIONS_MAX_AGE = 60
    first = versions.get("pokedex")
    versions.bump("pokedex")
    _new_request()
    assert versions.get("pokedex") == first + 1


def test_zero_reads_on_every_request(settings):
    settings.VERSIONS_MAX_AGE = 0
    first = versions.get("puzzles")
    _another_worker_bumps("puzzles")
    _new_request()
    assert versions.get("puzzles") == first + 1


@pytest.mark.django_db
def test_a_catalogue_reload_drops_the_hint_labels():
    bulbasaur = memory.pokemon(1)
    state.hint_row(bulbasaur, bulbasaur, "en")
    assert state._labels.cache_info().currsize == 1
    pagecache.clear()  # what translations.store does after a reload
    assert state._labels.cache_info().currsize == 0


def test_a_block_of_saves_bumps_each_name_once_at_its_end():
    before = versions.get("games"), versions.get("pokedex")
    with versions.bumped_once():
        for _ in range(50):
            versions.bump("games")
        versions.bump("pokedex")
        with versions.bumped_once():  # an inner block leaves it to the outer one
            versions.bump("games")
        assert (versions.get("games"), versions.get("pokedex")) == before
    assert (versions.get("games"), versions.get("pokedex")) == (before[0] + 1, before[1] + 1)


@pytest.mark.django_db
@pytest.mark.slow
def test_loading_the_game_pages_bumps_their_version_once(monkeypatch):
    from games.content import load_all
    from games.models import ContentBaseline, Game

    Game.objects.all().delete()
    ContentBaseline.objects.all().delete()  # as on a new database
    bumps = []
    store = versions._store()
    incr = store.incr
    monkeypatch.setattr(store, "incr", lambda key, *args: bumps.append(key) or incr(key, *args))
    report = load_all()
    assert report.created_rows > 300
    assert bumps == ["version:games"]
