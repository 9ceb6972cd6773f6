"""Django's PostgreSQL backend with a health check that costs no round trip.

``CONN_HEALTH_CHECKS`` makes Django check a persistent connection before its first use
in each request; Django's own check sends ``SELECT 1``, one more round trip to the
server on every guess. This one asks the socket instead: between requests an idle
connection has nothing to read, so a readable socket means the server closed it (a
restart or a terminated backend sends an error and then end-of-file), and the
connection is replaced at once, as with the query. A peer that vanished without a
word is not seen here; its first query then fails and the request gets the 503 of
``portal.faults``, as it would after a failed ``SELECT 1`` that hung until its timeout.
"""

import select

import psycopg
from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            poller = select.poll()
            poller.register(connection.fileno(), select.POLLIN | select.POLLPRI)
            # Data or end-of-file waiting on an idle connection: it is no longer usable.
            return not poller.poll(0)
        except (OSError, ValueError, psycopg.Error):
            return False
