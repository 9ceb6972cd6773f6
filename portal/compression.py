"""Brotli or gzip for a JSON view's answer (the names list: ~40 KB a language, fetched
by every new player at midnight). Compressed bytes are kept in memory by content, so
each worker compresses a language's list once per Pokédex version. The page cache
(``portal.pagecache``) compresses pages with the same functions; pages and these
answers hold no secret, so compression gives nothing away (no BREACH).

The ETag becomes weak, as Django's GZipMiddleware does; the view still compares the
strong tag, so the ``W/`` of a revalidation is dropped before it sees the request.
"""

import gzip
import hashlib
from collections import OrderedDict
from functools import wraps

import brotli
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

MIN_SIZE = 512
_kept: "OrderedDict[tuple[bytes, str], bytes]" = OrderedDict()
MAX_KEPT = 128


def accepted_encoding(request: HttpRequest) -> str | None:
    """ "br" or "gzip", whichever the request accepts (brotli first), or None."""
    accepted = {
        part.split(";")[0].strip().lower()
        for part in request.headers.get("Accept-Encoding", "").split(",")
    }
    if "br" in accepted:
        return "br"
    if "gzip" in accepted:
        return "gzip"
    return None


def compress(body: bytes, encoding: str) -> bytes:
    """``body`` in ``encoding`` ("br" or "gzip")."""
    if encoding == "br":
        return brotli.compress(body, quality=9)
    return gzip.compress(body, compresslevel=6, mtime=0)


def _compress(body: bytes, encoding: str) -> bytes:
    key = (hashlib.sha256(body).digest(), encoding)
    data = _kept.get(key)
    if data is None:
        data = _kept[key] = compress(body, encoding)
        while len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)
    return data


def compressed(view):
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        tag = request.META.get("HTTP_IF_NONE_MATCH", "")
        if tag.startswith("W/"):
            request.META["HTTP_IF_NONE_MATCH"] = tag[2:]
        response = view(request, *args, **kwargs)
        if getattr(response, "is_rendered", True) is False:
            response.render()  # a TemplateResponse (the sitemap views)
        patch_vary_headers(response, ("Accept-Encoding",))
        encoding = accepted_encoding(request)
        if (
            encoding is None
            or response.status_code != 200
            or response.streaming
            or response.has_header("Content-Encoding")
            or len(response.content) < MIN_SIZE
        ):
            return response
        response.content = _compress(response.content, encoding)
        response["Content-Encoding"] = encoding
        response["Content-Length"] = str(len(response.content))
        etag = response.get("ETag")
        if etag and not etag.startswith("W/"):
            response["ETag"] = "W/" + etag
        return response

    return wrapper
