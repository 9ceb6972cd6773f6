"""Moving a player to another device without an account: the old device asks for a
one-time code, the new one types it (or scans its QR code) and becomes that player.

A code is eight characters from an alphabet without look-alikes (no 0/O, 1/I/L),
lives ``LIFETIME``, and is used once: redeeming is one conditional UPDATE, so two
devices racing for one code cannot both win, on SQLite as on PostgreSQL. Asking again
replaces the player's unused code. Guessing codes is rate limited by the API; with
32⁸ codes and a handful alive at a time it is hopeless anyway.
"""

import secrets
import uuid
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from puzzle.models import Player, TransferCode
from puzzle.services.play import Refusal

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8
LIFETIME = timedelta(minutes=10)


class NothingToTransfer(Refusal):
    code = "nothing_to_transfer"


class InvalidTransferCode(Refusal):
    code = "invalid_transfer_code"


def normalize(text: str) -> str:
    """What a player typed, as a code: case, spaces and dashes do not matter."""
    return "".join(c for c in text.upper() if c not in " -")


def issue(player_id: uuid.UUID | None, now: datetime) -> TransferCode:
    """A fresh code for this player (their earlier unused one stops working)."""
    if player_id is None or not Player.objects.filter(pk=player_id).exists():
        raise NothingToTransfer(_("Play a puzzle first: there is no progress to move yet."))
    TransferCode.objects.filter(player_id=player_id, used_at__isnull=True).delete()
    while True:  # a clash among 32⁸ codes is rare; the unique column settles it
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        try:
            with transaction.atomic():
                return TransferCode.objects.create(
                    code=code, player_id=player_id, expires_at=now + LIFETIME
                )
        except IntegrityError:
            continue


def redeem(text: str, now: datetime) -> uuid.UUID:
    """The player a valid code names; the code is spent."""
    code = normalize(text)
    # Only a well-formed code reaches the database (PostgreSQL refuses a NUL in text).
    well_formed = len(code) == LENGTH and all(char in ALPHABET for char in code)
    spent = TransferCode.objects.filter(code=code, used_at__isnull=True, expires_at__gt=now)
    if not well_formed or spent.update(used_at=now) != 1:
        raise InvalidTransferCode(
            _("This code is wrong, used or expired. Ask for a new one on your other device.")
        )
    return TransferCode.objects.values_list("player_id", flat=True).get(code=code)
