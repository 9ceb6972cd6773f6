"""Version numbers for data that only changes when staff edit it (docs/scaling.md).

Each worker keeps such data (the Pokédex, released puzzles, name indexes, rendered game
pages) in process memory, keyed by a version number kept in the ``versions`` cache
(Redis in production, a small file cache for a single machine). A save or delete bumps
it through model signals, and every worker on every node rebuilds within
``settings.VERSIONS_MAX_AGE`` seconds of an edit (at once in the worker that saved it).

The versions are read all together, in one round trip, by the first lookup of a request
once the worker's copy is older than ``VERSIONS_MAX_AGE``; other requests pay no cache
round trip at all.
"""

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.core.cache import caches
from django.core.signals import request_started

INITIAL = 1
KNOWN = ("pokedex", "puzzles", "games")

_memo: dict[str, int] = {}
_read_at = float("-inf")  # time.monotonic() of the last reading from the cache


def _forget_if_old(**kwargs) -> None:
    if time.monotonic() - _read_at >= settings.VERSIONS_MAX_AGE:
        _memo.clear()


def forget() -> None:
    """Read the cache again on the next lookup (tests, and writers outside a request)."""
    global _read_at
    _memo.clear()
    _read_at = float("-inf")


request_started.connect(_forget_if_old, dispatch_uid="versions-forget")


def _store():
    return caches["versions"]


def _key(name: str) -> str:
    return f"version:{name}"


def get(name: str) -> int:
    """The current version of ``name``; created on first use."""
    return get_many(name)[0]


def get_many(*names: str) -> tuple[int, ...]:
    """Several versions, from the worker's copy while it is fresh, else from the cache."""
    global _read_at
    values = {name: v for name in names if (v := _memo.get(name)) is not None}
    if any(name not in values for name in names):
        _read_at = time.monotonic()
        wanted = list(dict.fromkeys((*KNOWN, *names)))
        store = _store()
        found = store.get_many([_key(name) for name in wanted])
        for name in wanted:
            value = found.get(_key(name))
            if value is None:
                # Start from the clock so a flushed cache never brings back an older number.
                store.add(_key(name), int(time.time() * 1000), timeout=None)
                value = store.get(_key(name), INITIAL)
            _memo[name] = values[name] = int(value)
    # Built from this call's own readings: another thread may clear the copy meanwhile.
    return tuple(values[name] for name in names)


_gathered: ContextVar[set[str] | None] = ContextVar("versions_gathered", default=None)


@contextmanager
def bumped_once() -> Iterator[None]:
    """Gather the block's bumps and bump each name once at its end: a command that saves
    hundreds of rows tells the workers once (and makes one cache write, not hundreds)."""
    if _gathered.get() is not None:  # an outer block bumps
        yield
        return
    names: set[str] = set()
    token = _gathered.set(names)
    try:
        yield
    finally:
        _gathered.reset(token)
        for name in sorted(names):
            bump(name)


def bump(name: str) -> int | None:
    """Move ``name`` on, so every worker rebuilds what it keeps of it; None inside
    ``bumped_once``, which bumps at its end."""
    gathered = _gathered.get()
    if gathered is not None:
        gathered.add(name)
        return None
    store = _store()
    try:
        value = int(store.incr(_key(name)))
    except ValueError:  # not there yet (or evicted)
        value = int(time.time() * 1000)
        store.set(_key(name), value, timeout=None)
    _memo[name] = value
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
