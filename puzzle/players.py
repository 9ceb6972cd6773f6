"""The anonymous player behind a request: a UUID in a signed, HttpOnly cookie.

The cookie is read once per request, and sent again only for a new player or once the
one the browser holds is a day old (that keeps it alive for ``PLAYER_COOKIE_AGE`` after
the last visit without signing a cookie on every guess).
"""

import uuid

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from puzzle.models import Player

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


def current_player(request: HttpRequest) -> Player | None:
    """The player of this request if the cookie names one (no row is created)."""
    pid = player_id(request)
    return Player.objects.filter(pk=pid).first() if pid else None


def get_or_create_player(request: HttpRequest) -> Player:
    pid = player_id(request)
    if pid:
        player, _created = Player.objects.get_or_create(pk=pid)
        return player
    return Player.objects.create()


def remember_player(
    response: HttpResponse, player: Player, request: HttpRequest | None = None
) -> None:
    """Send the player's cookie, unless ``request`` came with a fresh one for them."""
    if request is not None and _cookie(request) == (player.pk, True):
        return
    response.set_signed_cookie(
        settings.PLAYER_COOKIE_NAME,
        str(player.pk),
        salt=SALT,
        max_age=settings.PLAYER_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def forget_player(response: HttpResponse) -> None:
    response.delete_cookie(settings.PLAYER_COOKIE_NAME, samesite="Lax")
