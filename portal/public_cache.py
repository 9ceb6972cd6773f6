"""Responses that are the same for everyone, for shared caches (docs/design.md "Who sees
what").

Pages take :func:`public_page`. Django's LocaleMiddleware adds ``Vary: Accept-Language`` to every response outside the
language prefixes. A view that reads nothing but its URL marks its response with
``depends_on_url_only``, and this middleware (placed before LocaleMiddleware, so it
sees the response last among them) removes what the others added, so a CDN keeps one
copy per URL instead of one per browser language.

Every cache, Django's and any in front, keys a response by its whole URL, query
included. So a cached resource answers only at its canonical URL, the query parameters
its view reads in one spelling, and redirects any other query to it
(:func:`canonical_query`, docs/scaling.md "The cache key rule"): a random parameter
costs a redirect, never a render or a new cache entry.
"""

import re
from collections.abc import Callable, Mapping
from functools import wraps
from typing import TypeVar
from urllib.parse import urlencode

from django.conf import settings
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
)
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.encoding import escape_uri_path
from django.views.decorators.cache import cache_page
from django.views.decorators.http import require_safe

R = TypeVar("R", bound=HttpResponseBase)
REQUEST_VARIES = {"accept-language", "cookie"}
REDIRECT_SECONDS = 60 * 60 * 24  # how long caches may keep a redirect to a canonical URL
# How Django splits a Vary header (django.utils.cache keeps its own copy private).
VARY_DELIMITER = re.compile(r"\s*,\s*")


def depends_on_url_only(response: R) -> R:
    # A marker read back with getattr by the middleware below; HttpResponse declares none.
    response.depends_on_url_only = True  # type: ignore[attr-defined]
    return response


def url_only(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A view each of whose responses, redirects included, depends on its URL alone."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        return depends_on_url_only(view(request, *args, **kwargs))

    return wrapper


class UrlOnlyVaryMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(response, "depends_on_url_only", False) and response.has_header("Vary"):
            kept = [
                field
                for field in VARY_DELIMITER.split(response["Vary"])
                if field and field.lower() not in REQUEST_VARIES
            ]
            if kept:
                response["Vary"] = ", ".join(kept)
            else:
                del response["Vary"]
        return response


def no_query(request: HttpRequest) -> dict[str, str]:
    return {}


def canonical_query(
    params: Callable[[HttpRequest], Mapping[str, str]] = no_query,
    *,
    permanent: bool = True,
    max_age: int = REDIRECT_SECONDS,
) -> Callable[[Callable[..., HttpResponseBase]], Callable[..., HttpResponseBase]]:
    """Serve a GET or HEAD only when its query string is exactly ``params(request)``,
    URL-encoded in that order (none by default); else redirect there, cacheably.
    ``params`` gives the parameters the view reads, each in its one spelling, and leaves
    out defaults. ``permanent=False`` where the canonical URL changes (a version)."""

    def decorator(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            query = urlencode(params(request))
            if request.META.get("QUERY_STRING", "") == query:
                return view(request, *args, **kwargs)
            url = escape_uri_path(request.path) + (f"?{query}" if query else "")
            redirect = HttpResponsePermanentRedirect if permanent else HttpResponseRedirect
            response = redirect(url)
            patch_cache_control(response, public=True, max_age=max_age)
            return response

        return wrapper

    return decorator


def kept_for_the_day(
    view: Callable[..., HttpResponseBase], seconds: Callable[[], int], prefix: str
) -> Callable[..., HttpResponseBase]:
    """``view`` kept in Django's cache for ``seconds()`` (read on each request, so tests
    and settings may change it), under a key of the UTC day: what a new day adds (a
    puzzle) is never served from the day before."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        day = timezone.now().date().isoformat()
        kept = cache_page(seconds(), key_prefix=f"{prefix}:{day}")(view)
        return kept(request, *args, **kwargs)

    return wrapper


def public_page(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A page that is the same for every visitor of its URL: nothing about the player in
    it and no cookie (the island reads the player's state from the API). Shared caches
    may keep it ``PAGE_CACHE_SECONDS``, and so does the origin, in Django's cache, so a
    warm page is not rendered again; staff edits and saved translations reach visitors
    within that time. GET and HEAD only."""

    # Keyed by the day too: the island's props name today's puzzle.
    kept = kept_for_the_day(view, lambda: settings.PAGE_CACHE_SECONDS, "page")

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        response = kept(request, *args, **kwargs)
        if response.status_code == 200 and not response.cookies:
            patch_cache_control(response, public=True)
        return response

    # Pages read no query parameter (the language is the path's prefix).
    return require_safe(canonical_query()(wrapper))
