"""The anonymous player behind a request: a UUID in a signed, HttpOnly cookie.

The cookie is read once per request, and sent again only for a new player or once the
one the browser holds is a day old (that keeps it alive for ``PLAYER_COOKIE_AGE`` after
the last visit without signing a cookie on every guess). Only the id lives here; the
game app owns the rows it names.
"""

import uuid

from django.conf import settings
from django.http import HttpRequest, HttpResponse

SALT = "puzzle.player"
REFRESH_AFTER = 24 * 60 * 60  # seconds


def _cookie(request: HttpRequest) -> tuple[uuid.UUID | None, bool]:
    """The player the cookie names (or None) and whether it was signed within a day."""
    known = getattr(request, "_player_cookie", None)
    if known is None:
        known = _read_cookie(request)
        request._player_cookie = known  # type: ignore[attr-defined]  # per-request memo
    return known


def _read_cookie(request: HttpRequest) -> tuple[uuid.UUID | None, bool]:
    name = settings.PLAYER_COOKIE_NAME
    if not request.COOKIES.get(name):
        return None, False
    value = request.get_signed_cookie(name, default=None, salt=SALT, max_age=REFRESH_AFTER)
    fresh = value is not None
    if not fresh:  # older than a day (still valid: the browser keeps it a year), or forged
        value = request.get_signed_cookie(name, default=None, salt=SALT)
    try:
        return (uuid.UUID(value), fresh) if value else (None, False)
    except ValueError:
        return None, False


def player_id(request: HttpRequest) -> uuid.UUID | None:
    return _cookie(request)[0]


def remember_player(response: HttpResponse, pid: uuid.UUID, request: HttpRequest) -> None:
    """Send the player's cookie, unless ``request`` came with a fresh one for them."""
    if _cookie(request) == (pid, True):
        return
    response.set_signed_cookie(
        settings.PLAYER_COOKIE_NAME,
        str(pid),
        salt=SALT,
        max_age=settings.PLAYER_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def forget_player(response: HttpResponse) -> None:
    response.delete_cookie(settings.PLAYER_COOKIE_NAME, samesite="Lax")
