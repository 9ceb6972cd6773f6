"""Readiness for load balancers and deploys: what this node can serve.

``/healthz`` (:class:`LivenessMiddleware`) says the process is alive and touches nothing;
``/readyz`` runs a query (and, on SQLite, looks at the free disk space) and a cache
round trip, and names what failed, as JSON. Only the
database decides the status code: without it nothing works (503), while a cache outage only
costs speed (``portal.cache`` serves misses), so the node stays in the load balancer
with 200 and ``"status": "degraded"``.
"""

import logging
import secrets
import shutil
from pathlib import Path

from django.core.cache import caches
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteDatabase
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from portal.observability import metrics

log = logging.getLogger(__name__)


# SQLite writes into the database's own folder (the file, its write-ahead log): below
# this much free space guesses are about to fail with "database or disk is full", which
# a SELECT does not notice.
SQLITE_MIN_FREE_BYTES = 64 * 2**20


def database_file(connection: BaseDatabaseWrapper) -> Path | None:
    """SQLite's database file; None for a database server or an in-memory database."""
    if not isinstance(connection, SQLiteDatabase) or connection.is_in_memory_db():
        return None
    return Path(connection.settings_dict["NAME"])


def database_state() -> str:
    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            if cursor.fetchone() != (1,):
                return "unavailable"
        path = database_file(connection)
        if path is not None and shutil.disk_usage(path.parent).free < SQLITE_MIN_FREE_BYTES:
            log.warning("Readiness: the disk of %s is full", path)
            return "disk_full"
    except Exception as error:  # any failure means "not ready", reported below
        log.warning("Readiness: database unavailable: %s", error)
        return "unavailable"
    return "ok"


def cache_ready() -> bool:
    # The resilient Redis cache turns errors into misses, so a round trip that does not
    # read back what it wrote is the failure signal for every backend.
    cache = caches["default"]
    key = f"readyz:{secrets.token_hex(8)}"
    value = secrets.token_hex(8)
    try:
        cache.set(key, value, timeout=10)
        ready = cache.get(key) == value
        cache.delete(key)
    except Exception as error:
        log.warning("Readiness: cache unavailable: %s", error)
        return False
    if not ready:
        log.warning("Readiness: cache did not return what was written")
    return ready


@never_cache
@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    checks = {
        "database": database_state(),
        "cache": "ok" if cache_ready() else "unavailable",
    }
    for name, state in checks.items():
        metrics.READY.labels(check=name).set(1 if state == "ok" else 0)
    if checks["database"] != "ok":
        status = "unavailable"
    elif checks["cache"] != "ok":
        status = "degraded"
    else:
        status = "ok"
    return JsonResponse(
        {"status": status, "checks": checks}, status=503 if status == "unavailable" else 200
    )


LIVENESS_PATH = "/healthz"


class LivenessMiddleware:
    """Answers ``/healthz`` next to the outermost middleware: the process is alive.

    Nothing after it runs, so no dependency is touched (the translations' revision in
    the cache, a session, the database) and a hanging Redis cannot make a liveness
    probe wait, nor a plain-HTTP probe be redirected to HTTPS."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info != LIVENESS_PATH or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        response = HttpResponse("ok", content_type="text/plain")
        add_never_cache_headers(response)
        return response
