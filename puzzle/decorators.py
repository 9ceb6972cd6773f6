"""The API's one decorator stack: allowed methods, language, rate limit, caching and
error shape. Every view under ``/api/`` takes it (a test checks)."""

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import activate, get_language
from django.utils.translation import gettext as _

from portal import languages
from puzzle import ratelimits
from puzzle.errors import ApiError, method_not_allowed, too_many_requests


def activate_api_language(request: HttpRequest) -> str:
    """API URLs carry no prefix: the language comes from ``?lang=`` or the cookie."""
    code = languages.normalize(request.GET.get("lang")) or languages.normalize(
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    )
    activate(code or languages.DEFAULT)
    return get_language()


def api_view(
    *methods: str, cacheable: bool = False, budget: str | None = None
) -> Callable[[Callable], Callable]:
    """Decorate an API view: only ``methods`` (GET implies HEAD), else a JSON 405 with
    ``Allow``; the language of ``?lang=`` or the cookie; a request over the client's
    rate-limit ``budget`` (``puzzle.ratelimits.BUDGETS``) is a 429; :class:`ApiError`
    becomes the error shape; ``never_cache`` unless the view sets its own caching
    (``cacheable``). Errors are never cached."""
    allowed = list(methods)
    if "GET" in allowed and "HEAD" not in allowed:
        allowed.append("HEAD")

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            activate_api_language(request)
            if request.method not in allowed:
                response = method_not_allowed(request, allowed)
            elif budget and ratelimits.hit(request, budget, None):
                response = too_many_requests(_("Too many guesses at once. Please wait a moment."))
            else:
                try:
                    response = view(request, *args, **kwargs)
                except ApiError as exc:
                    response = exc.response()
            if not cacheable or response.status_code >= 400:
                add_never_cache_headers(response)
            response.headers.setdefault("Content-Language", get_language())
            return response

        wrapper.api_methods = tuple(allowed)  # type: ignore[attr-defined]
        return wrapper

    return decorator
