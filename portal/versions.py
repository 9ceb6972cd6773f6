"""Version numbers for data that only changes when staff edit it (docs/scaling.md).

Each worker keeps such data (the Pokédex, released puzzles, name indexes, rendered game
pages) in process memory, keyed by a version number kept in the ``versions`` cache
(Redis in production, a small file cache for a single machine). A save or delete bumps
it through model signals, so a request pays one cache get, never a database query, and
every worker on every node rebuilds on its next request after an edit.
"""

import time

from django.core.cache import caches

INITIAL = 1


def _store():
    return caches["versions"]


def _key(name: str) -> str:
    return f"version:{name}"


def get(name: str) -> int:
    """The current version of ``name``; created on first use."""
    return get_many(name)[0]


def get_many(*names: str) -> tuple[int, ...]:
    """Several versions in one cache round trip."""
    store = _store()
    keys = [_key(name) for name in names]
    found = store.get_many(keys)
    for key in keys:
        if found.get(key) is None:
            # Start from the clock so a flushed cache never brings back an older number.
            store.add(key, int(time.time() * 1000), timeout=None)
            found[key] = store.get(key, INITIAL)
    return tuple(int(found[key]) for key in keys)


def bump(name: str) -> int:
    store = _store()
    try:
        return int(store.incr(_key(name)))
    except ValueError:  # not there yet (or evicted)
        store.set(_key(name), int(time.time() * 1000), timeout=None)
        return get(name)


def bumper(*names: str, on_create: bool = True):
    """A signal receiver that bumps ``names`` (connect with ``weak=False``).

    ``on_create=False``: a new row changes nothing already held (a new day's puzzle).
    """

    def receiver(sender, created: bool = False, **kwargs) -> None:
        if created and not on_create:
            return
        for name in names:
            bump(name)

    return receiver
