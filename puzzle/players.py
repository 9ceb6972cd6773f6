"""The anonymous player behind a request: a UUID in a signed, HttpOnly cookie."""

import uuid

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from puzzle.models import Player

SALT = "puzzle.player"


def player_id(request: HttpRequest) -> uuid.UUID | None:
    raw = request.get_signed_cookie(settings.PLAYER_COOKIE_NAME, default=None, salt=SALT)
    if not raw:
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        return None


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


def remember_player(response: HttpResponse, player: Player) -> None:
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
