"""Prometheus metrics and the protected ``/metrics`` view.

Under gunicorn each worker is its own process: with ``PROMETHEUS_MULTIPROC_DIR`` set
(``make run`` sets it) the view adds up every worker's figures; without it, it shows
the worker that answered.
"""

import hmac
import ipaddress
import os

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from portal.ratelimits import client_ip

REQUESTS = Counter(
    "pokeguess_http_requests_total",
    "HTTP requests answered, by view, method and status code.",
    ["view", "method", "status"],
)
LATENCY = Histogram(
    "pokeguess_http_request_duration_seconds",
    "Time to answer a request, by view.",
    ["view"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0),
)
GUESSES = Counter(
    "pokeguess_guesses_total",
    "Guess requests by HTTP result (201 accepted, 409 duplicate or over, 422 unknown "
    "name, 429 rate limited, …).",
    ["result"],
)
RATE_LIMITED = Counter(
    "pokeguess_rate_limited_total", "Requests refused by a rate limit, by view.", ["view"]
)
DATABASE_ERRORS = Counter(
    "pokeguess_database_errors_total", "Requests that failed on a database error."
)
CACHE_ERRORS = Counter(
    "pokeguess_cache_errors_total", "Cache operations that failed and were served without it."
)
READY = Gauge(
    "pokeguess_ready",
    "Readiness per dependency at the last check (1 ready, 0 failing).",
    ["check"],
    multiprocess_mode="mostrecent",
)

GUESS_VIEWS = {"api:guesses", "api:practice_guesses"}
# Every label value is a new time series, and the method is whatever the client sent:
# only these are labelled as themselves. The view comes from the URLconf and the status
# from the site, so both are fixed sets already.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def observe_request(view: str, method: str, status: int, seconds: float) -> None:
    method = method if method in METHODS else "other"
    REQUESTS.labels(view=view, method=method, status=str(status)).inc()
    LATENCY.labels(view=view).observe(seconds)
    if view in GUESS_VIEWS and method == "POST":
        GUESSES.labels(result=str(status)).inc()
    if status == 429:
        RATE_LIMITED.labels(view=view).inc()


def _registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return registry
    return REGISTRY


def _allowed(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    header = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(header.encode(), f"Bearer {token}".encode()):
        return True
    # The client as the rate limits see it: behind a proxy on the same host every
    # request arrives from loopback, and only X-Forwarded-For names the visitor.
    address = ipaddress.ip_address(client_ip(request))
    return any(address in ipaddress.ip_network(net) for net in settings.METRICS_ALLOWED_NETWORKS)


@never_cache
@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    """Prometheus text format; anyone not allowed sees the site's ordinary 404."""
    if not _allowed(request):
        raise Http404
    return HttpResponse(generate_latest(_registry()), content_type=CONTENT_TYPE_LATEST)
