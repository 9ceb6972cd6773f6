"""Version numbers for data that only changes when staff edit it (docs/scaling.md).

Each worker keeps such data (the Pokédex, released puzzles, name indexes, rendered game
pages) in process memory, keyed by a version number kept in the ``versions`` cache
(Redis in production, a small file cache for a single machine). A save or delete bumps
it through model signals, so a request pays one cache get, never a database query, and
every worker on every node rebuilds on its next request after an edit.

Within one request the versions are read once, all together: the first lookup fetches
every name in ``KNOWN`` in one round trip, later lookups reuse the answer.
"""

import time

from django.core.cache import caches
from django.core.signals import request_started

INITIAL = 1
KNOWN = ("pokedex", "puzzles", "games")

_request_memo: dict[str, int] = {}


def _forget(**kwargs) -> None:
    _request_memo.clear()


request_started.connect(_forget, dispatch_uid="versions-forget")


def _store():
    return caches["versions"]


def _key(name: str) -> str:
    return f"version:{name}"


def get(name: str) -> int:
    """The current version of ``name``; created on first use."""
    return get_many(name)[0]


def get_many(*names: str) -> tuple[int, ...]:
    """Several versions, read from the cache at most once per request."""
    if any(name not in _request_memo for name in names):
        wanted = list(dict.fromkeys((*KNOWN, *names)))
        store = _store()
        found = store.get_many([_key(name) for name in wanted])
        for name in wanted:
            value = found.get(_key(name))
            if value is None:
                # Start from the clock so a flushed cache never brings back an older number.
                store.add(_key(name), int(time.time() * 1000), timeout=None)
                value = store.get(_key(name), INITIAL)
            _request_memo[name] = int(value)
    return tuple(_request_memo[name] for name in names)


def bump(name: str) -> int:
    store = _store()
    try:
        value = int(store.incr(_key(name)))
    except ValueError:  # not there yet (or evicted)
        value = int(time.time() * 1000)
        store.set(_key(name), value, timeout=None)
    _request_memo[name] = value
    return value


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
