"""When the database is unreachable: a clear 503, never a 500 (docs/security.md).

The API answers in its error shape, ``{"error": {"code": "service_unavailable", …}}``;
pages get a short translated page rendered without context processors or any other
database access. A guess that failed midway rolls back with its transaction, so
nothing is half-written.
"""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language_bidi, override
from django.utils.translation import gettext as _

from portal import languages
from portal.observability import metrics

log = logging.getLogger(__name__)
DATABASE_DOWN = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 30


def service_unavailable(request: HttpRequest) -> HttpResponse:
    code = (
        # API URLs carry no prefix: ?lang= as the API itself reads it, then the page's.
        (request.path.startswith("/api/") and languages.normalize(request.GET.get("lang")))
        or languages.normalize(getattr(request, "LANGUAGE_CODE", None))
        or languages.DEFAULT
    )
    with override(code):
        if request.path.startswith("/api/"):
            message = _("The game is briefly unavailable. Please try again in a moment.")
            response: HttpResponse = JsonResponse(
                {"error": {"code": "service_unavailable", "message": message}}, status=503
            )
        else:
            context = {
                "lang_code": code,
                "lang_dir": "rtl" if get_language_bidi() else "ltr",
                "home_url": languages.localize("/", code),
            }
            response = HttpResponse(render_to_string("503.html", context), status=503)
        response.headers.setdefault("Content-Language", code)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    add_never_cache_headers(response)
    return response


class ServiceUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, DATABASE_DOWN):
            return None
        metrics.DATABASE_ERRORS.inc()
        log.error("Database unavailable for %s: %s", request.path, exception)
        return service_unavailable(request)
