"""Readiness for load balancers and deploys: what this node can serve.

``/healthz`` (portal.views) says the process is alive and touches nothing; ``/readyz``
runs a query and a cache round trip and names what failed, as JSON. Only the database
decides the status code: without it nothing works (503), while a cache outage only
costs speed (``portal.cache`` serves misses), so the node stays in the load balancer
with 200 and ``"status": "degraded"``.
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
    if checks["database"] != "ok":
        status = "unavailable"
    elif checks["cache"] != "ok":
        status = "degraded"
    else:
        status = "ok"
    return JsonResponse(
        {"status": status, "checks": checks}, status=503 if status == "unavailable" else 200
    )
