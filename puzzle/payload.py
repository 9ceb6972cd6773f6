"""Reading an API request's JSON body without trusting anything the client says.

Only ``application/json`` is read (415 otherwise); the size is capped before a byte is
parsed (413), whether ``Content-Length`` is declared, too large, or missing on a chunked
body; invalid UTF-8, invalid or too deeply nested JSON is a 400 (docs/security.md).
"""

import json

from django.http import HttpRequest
from django.utils.translation import gettext as _

from puzzle.errors import MAX_BODY, ApiError

JSON_TYPES = {"application/json"}


def invalid_request() -> ApiError:
    return ApiError(400, "invalid_request", _('Send your guess as JSON: {"name": "…"}.'))


def too_large() -> ApiError:
    return ApiError(413, "payload_too_large", _("That request is too large."))


def declared_length(request: HttpRequest) -> int | None:
    """The declared ``Content-Length``; ``None`` when absent. Raises on nonsense."""
    raw = request.META.get("CONTENT_LENGTH") or ""
    if not raw.strip():
        return None
    try:
        length = int(raw)
    except ValueError:
        raise invalid_request() from None
    if length < 0:
        raise invalid_request()
    return length


def read_body(request: HttpRequest, limit: int = MAX_BODY) -> bytes:
    length = declared_length(request)
    if length is not None:
        if length > limit:
            raise too_large()
        # Django reads at most Content-Length bytes, so a body longer than declared
        # is cut there (and then fails to parse), never read in full.
        return request.body
    if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
        # No length on a chunked body: Django sees it as empty, so read it ourselves,
        # one byte past the limit to tell "too large" from "exactly at the limit".
        stream = request.META.get("wsgi.input")
        data = stream.read(limit + 1) if stream is not None else b""
        if len(data) > limit:
            raise too_large()
        return data
    return b""


def read_json(request: HttpRequest, limit: int = MAX_BODY) -> object:
    if request.content_type not in JSON_TYPES:
        raise ApiError(
            415,
            "unsupported_media_type",
            _("Send the request body as JSON (Content-Type: application/json)."),
        )
    body = read_body(request, limit)
    try:
        return json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        # RecursionError: "[[[[…" nested deeper than the parser's recursion limit.
        raise invalid_request() from None
