"""The API's error shape, ``{"error": {"code", "message"}}``, for every status.

docs/design.md "API contract": every response under ``/api/`` is JSON, errors included (404 for
unknown routes, 405, 413, 415, 429, 500, 503). Views raise :class:`ApiError` or return
:func:`error`; the site-wide 404/500 handlers and :class:`ApiExceptionMiddleware`
answer ``/api/`` paths through the same helpers.
"""

import logging

from django.core.exceptions import (
    BadRequest,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
)
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _

logger = logging.getLogger("puzzle.api")

API_PREFIX = "/api/"
# No API request body needs more: a guess is {"name": "…"} with at most 60 characters.
MAX_BODY = 2048


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def error(status: int, code: str, message: str, **extra) -> JsonResponse:
    """A JSON error response with a stable ``code`` and a translated ``message``."""
    return JsonResponse({"error": {"code": code, "message": message, **extra}}, status=status)


class ApiError(Exception):
    """Raised inside an API view; ``puzzle.decorators.api_view`` turns it into :func:`error`."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def response(self) -> JsonResponse:
        return error(self.status, self.code, self.message)


def not_found_route(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return error(404, "not_found", _("There is nothing at this address."))


def method_not_allowed(request: HttpRequest, allowed: list[str]) -> JsonResponse:
    response = error(
        405,
        "method_not_allowed",
        _("This address does not accept %(method)s requests.") % {"method": request.method},
    )
    response["Allow"] = ", ".join(allowed)
    return response


def too_many_requests(message: str) -> JsonResponse:
    response = error(429, "rate_limited", message)
    response["Retry-After"] = "60"
    return response


def too_large() -> JsonResponse:
    return error(413, "payload_too_large", _("That request is too large."))


def bad_request(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    if isinstance(exception, RequestDataTooBig):
        return too_large()
    return error(400, "bad_request", _("The request could not be understood."))


def forbidden(request: HttpRequest) -> JsonResponse:
    return error(403, "forbidden", _("You are not allowed to do that."))


def server_error(request: HttpRequest) -> JsonResponse:
    return error(500, "server_error", _("Something went wrong on our side. Please try again."))


class ApiMiddleware:
    """Guards for ``/api/``: a body declared larger than any API request may be is
    refused before anything (the CSRF check included) reads it, and an unexpected
    exception in an API view is logged and answered as JSON 500, where Django would
    render HTML (or its debug page); the island always expects the error shape.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        if is_api(request) and request.method not in ("GET", "HEAD"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0  # the view answers 400 for a nonsense length
            if length > MAX_BODY:
                from puzzle.decorators import activate_api_language

                activate_api_language(request)
                return too_large()
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not is_api(request):
            return None
        if isinstance(exception, Http404):
            return not_found_route(request)
        if isinstance(exception, SuspiciousOperation | BadRequest):
            return bad_request(request, exception)
        if isinstance(exception, PermissionDenied):
            return forbidden(request)
        logger.error(
            "Unhandled exception on %s %s",
            request.method,
            request.path,
            exc_info=(type(exception), exception, exception.__traceback__),
        )
        return server_error(request)
