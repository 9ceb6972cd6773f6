"""Responses that depend on their URL alone, for shared caches (docs/design.md "Who sees what").

Django's LocaleMiddleware adds ``Vary: Accept-Language`` to every response outside the
language prefixes. A view that reads nothing but its URL marks its response with
``depends_on_url_only``, and this middleware (placed before LocaleMiddleware, so it
sees the response last among them) removes what the others added, so a CDN keeps one
copy per URL instead of one per browser language.
"""

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

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
