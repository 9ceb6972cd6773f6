"""Readiness for load balancers and deploys: the database and the cache really answer.

``/healthz`` (portal.views) says the process is alive and touches nothing; ``/readyz``
runs a query and a cache round trip, and names what failed, as JSON, 200 or 503.
"""

import logging
import secrets

from django.core.cache import caches
from django.db import connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from portal.observability import metrics

log = logging.getLogger(__name__)


def database_ready() -> bool:
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception as error:  # any failure means "not ready", reported below
        log.warning("Readiness: database unavailable: %s", error)
        return False


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
        "database": "ok" if database_ready() else "unavailable",
        "cache": "ok" if cache_ready() else "unavailable",
    }
    for name, state in checks.items():
        metrics.READY.labels(check=name).set(1 if state == "ok" else 0)
    ready = all(state == "ok" for state in checks.values())
    return JsonResponse(
        {"status": "ok" if ready else "unavailable", "checks": checks},
        status=200 if ready else 503,
    )
