"""One log line and one set of metrics per request, tagged with a request id."""

import hashlib
import hmac
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from portal.health import LIVENESS_PATH
from portal.observability import metrics
from portal.observability.context import new_request_id, request_id
from portal.players import player_id

logger = logging.getLogger("portal.requests")
HEADER = "X-Request-ID"


def player_hash(request: HttpRequest) -> str:
    """A keyed hash of the anonymous player id: stable per player, never the cookie."""
    pid = player_id(request)
    if pid is None:
        return "-"
    digest = hmac.new(settings.SECRET_KEY.encode(), pid.bytes, hashlib.sha256)
    return digest.hexdigest()[:16]


class RequestObservabilityMiddleware:
    """Outermost middleware: sees every response, including the error pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        rid = new_request_id(
            request.headers.get(HEADER) if settings.TRUST_REQUEST_ID_HEADER else None
        )
        request.request_id = rid  # type: ignore[attr-defined]  # read by the 500 page
        token = request_id.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response[HEADER] = rid
            self._observe(request, response.status_code, time.perf_counter() - started)
            return response
        finally:
            request_id.reset(token)

    def process_exception(self, request: HttpRequest, exception: Exception) -> None:
        from django.db import DatabaseError

        if isinstance(exception, DatabaseError):
            metrics.DATABASE_ERRORS.inc()

    def _observe(self, request: HttpRequest, status: int, seconds: float) -> None:
        match = request.resolver_match
        if match:
            view = match.view_name
        else:  # liveness is answered before any URL is resolved (portal.health)
            view = "healthz" if request.path == LIVENESS_PATH else "unmatched"
        metrics.observe_request(view, request.method or "-", status, seconds)
        if request.path == "/metrics" or view == "healthz":
            return  # scrapes and probes would drown the log
        fields = {
            "request_id": request.request_id,  # type: ignore[attr-defined]
            "method": request.method,
            "path": request.path,
            "view": view,
            "status": status,
            "duration_ms": round(seconds * 1000, 1),
            "player": player_hash(request),
        }
        if settings.LOG_CLIENT_IP:
            fields["client_ip"] = request.META.get("REMOTE_ADDR", "")
        level = logging.ERROR if status >= 500 else logging.INFO
        logger.log(
            level,
            "%s %s %s %.1fms view=%s player=%s",
            request.method,
            request.path,
            status,
            seconds * 1000,
            view,
            fields["player"],
            extra=fields,
        )
