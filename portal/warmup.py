"""Work a worker does before its first request (called by ``portal.wsgi``).

Without it, a new gunicorn worker's first request pays for importing every view, the
cache client, 130 catalogues of 19 languages with the translators' saved text on top,
and the Pokédex: 0.5–0.85 s on the benchmark host. Workers start on every deploy and
whenever gunicorn replaces one (a crash, a timeout; under `make run`, a changed
catalogue); a worker now does this while it boots, before it accepts a connection, so
the players it then serves do not wait for it.

Apps connect what they load to ``worker_starting`` (``translations.apps``,
``puzzle.apps``). Nothing here may keep a worker from starting: a step that fails (the
database or the cache unreachable) is logged and left to the first request that needs
it, as it would have been without this.
"""

import logging

from django.db import connections
from django.dispatch import Signal
from django.urls import get_resolver

log = logging.getLogger(__name__)

worker_starting = Signal()


def warm_up() -> None:
    get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view
    for receiver, result in worker_starting.send_robust(sender=None):
        if isinstance(result, Exception):
            name = getattr(receiver, "__qualname__", repr(receiver))
            log.error("%s failed at start; a request will retry it", name, exc_info=result)
    # With gunicorn's --preload this runs in the master: its workers must not share its
    # database connection. Each worker opens its own on its first query.
    connections.close_all()
