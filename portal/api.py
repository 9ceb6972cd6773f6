"""The JSON API's shared plumbing (docs/design.md "API contract").

One django-ninja ``NinjaAPI`` serves every route under ``/api/``: apps add their routers
(``puzzle.api``), and the OpenAPI document at ``/api/openapi.json`` is generated from
their schemas. What every route shares lives here:

- one error shape, ``{"error": {"code", "message"}}``, for every status: a view raises
  :class:`ApiError`; the handlers below answer ninja's own refusals (a body that does
  not parse or validate) and, with :class:`ApiMiddleware`, everything else under
  ``/api/`` (404, 405, 413, 500) in the same shape;
- what runs before each view (:func:`api_request`): the language of ``?lang=`` or the
  cookie, JSON bodies only (415), Django's CSRF check on writes; and after it: an answer
  is never cached unless its view says so.
"""

import json
import logging
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import activate, get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_protect
from ninja import NinjaAPI, Schema
from ninja.errors import HttpError, ValidationError
from ninja.parser import Parser

from portal import languages

logger = logging.getLogger("portal.api")

PREFIX = "/api/"
# No API request body needs more: a guess is {"name": "…"} with at most 60 characters.
MAX_BODY = 2048
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class ErrorDetail(Schema):
    code: str
    message: str
    suggestions: list[str] | None = None
    launch_date: str | None = None


class Error(Schema):
    """Every error: a stable, machine-readable ``code`` and a translated ``message``."""

    error: ErrorDetail


def error(status: int, code: str, message: str, **extra: object) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message, **extra}}, status=status)


class ApiError(Exception):
    """Raised anywhere in an API view; answered as :func:`error`."""

    def __init__(self, status: int, code: str, message: str, **extra: object) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra

    def response(self) -> JsonResponse:
        response = error(self.status, self.code, self.message, **self.extra)
        if self.status == 429:
            response["Retry-After"] = "60"
        return response


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(PREFIX)


def activate_language(request: HttpRequest) -> str:
    """API URLs carry no prefix: the language comes from ``?lang=`` or the cookie."""
    code = languages.normalize(request.GET.get("lang")) or languages.normalize(
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    )
    activate(code or languages.DEFAULT)
    return get_language()


def invalid_request() -> ApiError:
    return ApiError(400, "invalid_request", _("The request could not be understood."))


def too_many_requests(message: str) -> ApiError:
    return ApiError(429, "rate_limited", message)


def api_request(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Around every API operation (a router decorator in ninja's "view" mode)."""
    protected = csrf_protect(run)

    @wraps(run)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        activate_language(request)
        if request.method in SAFE_METHODS:
            response = run(request, *args, **kwargs)
        elif request.body and request.content_type != "application/json":
            response = ApiError(
                415,
                "unsupported_media_type",
                _("Send the request body as JSON (Content-Type: application/json)."),
            ).response()
        else:
            response = protected(request, *args, **kwargs)
        if response.status_code >= 400 or not response.has_header("Cache-Control"):
            add_never_cache_headers(response)
        response.headers.setdefault("Content-Language", get_language())
        return response

    return wrapper


class StrictJson(Parser):
    """JSON bodies in UTF-8 only: invalid bytes (a lone surrogate among them) are a 400,
    never text that a database would refuse later."""

    def parse_body(self, request: HttpRequest) -> dict:
        return json.loads(request.body.decode("utf-8"))


def create_api() -> NinjaAPI:
    api = NinjaAPI(
        parser=StrictJson(),
        title="Pokéguess API",
        version="1",
        description="The daily silhouette game's JSON API (docs/design.md).",
        urls_namespace="api",
        docs_url=None,  # Swagger UI would load from a CDN; the document is enough
    )

    @api.exception_handler(ApiError)
    def api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
        return exc.response()

    @api.exception_handler(ValidationError)
    @api.exception_handler(HttpError)
    def unreadable(request: HttpRequest, exc: Exception) -> HttpResponse:
        # A body that is not JSON, too deep to parse, or not the operation's schema.
        if isinstance(exc, HttpError) and exc.status_code != 400:
            return error(exc.status_code, "http_error", str(exc))
        return invalid_request().response()

    @api.exception_handler(Http404)
    def not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
        return not_found_route()

    return api


def not_found_route() -> JsonResponse:
    return error(404, "not_found", _("There is nothing at this address."))


def too_large() -> JsonResponse:
    return error(413, "payload_too_large", _("That request is too large."))


def bad_request() -> JsonResponse:
    return error(400, "bad_request", _("The request could not be understood."))


def forbidden() -> JsonResponse:
    return error(403, "forbidden", _("You are not allowed to do that."))


def server_error() -> JsonResponse:
    return error(500, "server_error", _("Something went wrong on our side. Please try again."))


class ApiMiddleware:
    """Guards for ``/api/`` outside the views: a body declared larger than any API
    request may be (or with a length that is no number) is refused before anything, the
    CSRF check included, reads it; a
    method a route does not take gets a JSON 405 (ninja answers in plain text); an
    unexpected exception is logged and answered as JSON 500, where Django would render
    HTML (or its debug page): the island always expects the error shape.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api(request):
            return self.get_response(request)
        if request.method not in SAFE_METHODS:
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:  # Django would fail reading the body
                activate_language(request)
                return invalid_request().response()
            if length > MAX_BODY:
                activate_language(request)
                return too_large()
        response = self.get_response(request)
        if response.status_code == 405 and response.get("Content-Type") != "application/json":
            activate_language(request)
            allowed = ", ".join(sorted(m.strip() for m in response.get("Allow", "").split(",")))
            # Translators: %(method)s is an HTTP method name, untranslated (GET, POST).
            message = _("This address does not accept %(method)s requests.")
            response = error(405, "method_not_allowed", message % {"method": request.method})
            response["Allow"] = allowed
        return response

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not is_api(request):
            return None
        if isinstance(exception, Http404):
            return not_found_route()
        if isinstance(exception, SuspiciousOperation | BadRequest):
            return bad_request()
        if isinstance(exception, PermissionDenied):
            return forbidden()
        logger.error(
            "Unhandled exception on %s %s",
            request.method,
            request.path,
            exc_info=(type(exception), exception, exception.__traceback__),
        )
        return server_error()
