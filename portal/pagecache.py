"""Rendered public pages kept in each worker's memory (docs/scaling.md).

A page is the same for every visitor of a URL, so a worker renders it once per key and
serves the bytes afterwards. Keys name what the page depends on: its path and language,
the versions of the data it shows (``portal.versions``, bumped by staff edits; the
game links of the header and footer on every page) and the
public address. Templates change only with a deploy, which restarts the workers; a
translation saved in Rosetta makes each worker reload its catalogues
(``translations.store``), which empties this memory too.

A page whose scripts carry the request's CSP nonce is stored with a placeholder in its
place and gets the new request's nonce when served.
"""

from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import cast

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from portal import compression, versions
from portal.absolute import site_url

MAX_PAGES = 512
# Bodies and their compressed copies, per worker: the sitemap's sections are up to 2 MB
# each, and a crawler walking ten years of the archive must not fill a worker's memory.
MAX_BYTES = 64 * 1024 * 1024
# Every page's header and footer list the published games (games.navigation), so every
# key names the game pages' version as well as the versions its view names.
EVERY_PAGE = ("games",)
NONCE_MARK = "__csp_nonce__"
# Headers of a view's response that its copy in memory keeps (a sitemap's XML type and
# robots rule, its games' last change).
KEPT_HEADERS = ("Content-Type", "X-Robots-Tag", "Last-Modified")

# key → [body, extra, {encoding: compressed body}] (compressed on first request for it).
_pages: "OrderedDict[tuple, tuple[bytes, object, dict[str, bytes]]]" = OrderedDict()
_held = 0  # bytes in _pages
# Other memories of translated text (``forget_with_pages``), emptied with the pages.
_also_clear: list[Callable[[], None]] = []


def _nonce(request: HttpRequest) -> str | None:
    # django-csp makes the nonce lazily; only a page that used it has one to swap.
    nonce = getattr(request, "_csp_nonce", None)
    return str(nonce) if nonce else None


def render(
    request: HttpRequest, key: tuple, build: Callable[[], tuple[bytes, object]]
) -> tuple[bytes, object, str | None]:
    """The (body, extra, content encoding) of a page: from memory, or ``build()`` once
    per key. The body comes compressed (brotli or gzip, whichever the request accepts)
    unless it holds a nonce, which differs on every response."""
    global _held
    hit = _pages.get(key)
    if hit is None:
        body, extra = build()
        nonce = _nonce(request)
        if nonce:
            body = body.replace(nonce.encode(), NONCE_MARK.encode())
        hit = (body, extra, {})
        _pages[key] = hit
        _held += len(body)
        _trim()
    else:
        _pages.move_to_end(key)
    body, extra, variants = hit
    if NONCE_MARK.encode() in body:
        # django-csp's middleware sets csp_nonce on the request; HttpRequest declares none.
        page_nonce = str(request.csp_nonce)  # type: ignore[attr-defined]
        return body.replace(NONCE_MARK.encode(), page_nonce.encode()), extra, None
    encoding = compression.accepted_encoding(request)
    if encoding is None or len(body) < compression.MIN_SIZE:
        return body, extra, None
    packed = variants.get(encoding)
    if packed is None:
        packed = variants[encoding] = compression.compress(body, encoding)
        _held += len(packed)
        _trim()
    return packed, extra, encoding


def _trim() -> None:
    """Forget the least recently served pages past either limit (never the newest)."""
    global _held
    while len(_pages) > 1 and (len(_pages) > MAX_PAGES or _held > MAX_BYTES):
        _key, (body, _extra, variants) = _pages.popitem(last=False)
        _held -= len(body) + sum(len(packed) for packed in variants.values())


def clear() -> None:
    global _held
    _pages.clear()
    _held = 0
    for forget in _also_clear:
        forget()


def forget_with_pages(forget: Callable[[], None]) -> Callable[[], None]:
    """Call ``forget`` whenever the pages are dropped (text rendered with the catalogues
    that a reload must not serve again); returns it, to use as a decorator."""
    _also_clear.append(forget)
    return forget


def cached_page(*version_names: str, key: Callable[[HttpRequest], object] | None = None):
    """Serve a view's 200 responses from memory, keyed by the full path, the language,
    the public address, the versions named and ``key(request)`` (e.g. today's puzzle)."""

    def decorate(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            parts = (
                view.__module__,
                view.__qualname__,
                request.get_full_path(),
                get_language(),
                site_url(request),
                versions.get_many(*EVERY_PAGE, *version_names),
                key(request) if key else None,
            )
            uncached: list[HttpResponse] = []

            def build() -> tuple[bytes, object]:
                response = view(request, *args, **kwargs)
                if getattr(response, "is_rendered", True) is False:
                    response.render()  # a TemplateResponse (the sitemap views)
                if response.status_code != 200 or response.cookies:
                    uncached.append(response)
                    raise _NotCacheable
                headers = {name: response[name] for name in KEPT_HEADERS if name in response}
                return response.content, (getattr(response, "_csp_update", None), headers)

            try:
                body, extra, encoding = render(request, parts, build)
            except _NotCacheable:
                return uncached[0]
            csp, headers = cast(tuple[object, dict[str, str]], extra)  # as build() made it
            response = HttpResponse(body, headers=headers)
            patch_vary_headers(response, ("Accept-Encoding",))
            if encoding:
                response["Content-Encoding"] = encoding
            if csp is not None:
                # django-csp's decorators' marker (csp.middleware reads it back).
                response._csp_update = csp  # type: ignore[attr-defined]
            return response

        return wrapper

    return decorate


class _NotCacheable(Exception):
    pass
