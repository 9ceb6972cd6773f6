"""Work a worker does before its first request (called by ``portal.wsgi``).

Without it, a new gunicorn worker's first request pays for importing every view, the
cache client, 130 catalogues of 19 languages with the translators' saved text on top,
and the Pokédex: 0.5–0.85 s on the benchmark host. Workers start on every deploy and
whenever gunicorn replaces one (a crash, a timeout; under `make run`, a changed
catalogue); a worker now does this while it boots, before it accepts a connection, so
the players it then serves do not wait for it.

Apps register what they load with ``at_start`` (``translations.apps``, ``puzzle.apps``).
Nothing here may keep a worker from starting: at the first step that fails (the
database or the cache unreachable, each step would wait for its timeout again) the
rest is left to the first requests that need it, as it was without this. With the
database hanging rather than refusing, a worker so starts one connection timeout later
(``DB_CONNECT_TIMEOUT``, 3 s by default).
"""

import logging
from collections.abc import Callable

from django.db import connections
from django.urls import get_resolver

log = logging.getLogger(__name__)

_steps: list[Callable[[], object]] = []


def at_start(step: Callable[[], object]) -> None:
    """Run ``step`` in ``warm_up``, after those registered before it."""
    if step not in _steps:
        _steps.append(step)


def warm_up() -> None:
    get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view
    try:
        for step in _steps:
            step()
    except Exception:
        name = f"{step.__module__}.{step.__qualname__}"
        log.warning("Could not run %s at start; requests will load it", name, exc_info=True)
    finally:
        # With gunicorn's --preload this runs in the master: its workers must not share
        # its database connection. Each worker opens its own on its first query.
        connections.close_all()
