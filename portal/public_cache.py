"""Responses that are the same for everyone, for shared caches (docs/design.md "Who sees
what").

Pages take :func:`public_page`. Django's LocaleMiddleware adds ``Vary: Accept-Language`` to every response outside the
language prefixes. A view that reads nothing but its URL marks its response with
``depends_on_url_only``, and this middleware (placed before LocaleMiddleware, so it
sees the response last among them) removes what the others added, so a CDN keeps one
copy per URL instead of one per browser language.
"""

import re
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.views.decorators.cache import cache_page
from django.views.decorators.http import require_safe

REQUEST_VARIES = {"accept-language", "cookie"}
# How Django splits a Vary header (django.utils.cache keeps its own copy private).
VARY_DELIMITER = re.compile(r"\s*,\s*")


def depends_on_url_only(response: HttpResponse) -> HttpResponse:
    # A marker read back with getattr by the middleware below; HttpResponse declares none.
    response.depends_on_url_only = True  # type: ignore[attr-defined]
    return response


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


def public_page(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A page that is the same for every visitor of its URL: nothing about the player in
    it and no cookie (the island reads the player's state from the API). Shared caches
    may keep it ``PAGE_CACHE_SECONDS``, and so does the origin, in Django's cache, so a
    warm page is not rendered again; staff edits and saved translations reach visitors
    within that time. GET and HEAD only."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        # Keyed by the day too: the island's props name today's puzzle.
        day = timezone.now().date().isoformat()
        kept = cache_page(settings.PAGE_CACHE_SECONDS, key_prefix=f"page:{day}")(view)
        response = kept(request, *args, **kwargs)
        if response.status_code == 200 and not response.cookies:
            patch_cache_control(response, public=True)
        return response

    return require_safe(wrapper)
