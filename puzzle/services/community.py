"""Names, boards and friend leagues, without accounts (docs/community.md).

- A player shows up on boards only after choosing a display name: a generated one (a
  friendly word and a Pokémon in the player's language, from the word lists of
  ``puzzle/data/display_names.json``) or one they type, which must be 3–20 letters,
  digits or spaces, must not be a Pokémon's name and must not hold a blocked word of
  any language (everyone reads every name). Staff can hide or rename a name; players
  report one, and ``REPORTS_TO_HIDE`` reports hide it until staff look.
- Today's board ranks named winners of today's puzzle by fewest guesses, then the time
  from their first guess to the win as the server saw it, then who finished first.
  The all-time boards read the figures each player's row keeps (``play.keep_standing``),
  so no request scans everybody's games.
- A league has at most ``LEAGUE_LIMIT`` members; joining is one conditional UPDATE of
  its member count, so players joining at once never take it past the limit.
"""

import json
import random
import re
import secrets
import unicodedata
import uuid
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from pathlib import Path

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import (
    Count,
    DurationField,
    ExpressionWrapper,
    F,
    FloatField,
    Q,
    QuerySet,
    Sum,
)
from django.utils.translation import gettext as _

from portal import languages
from puzzle import pokedex, rules
from puzzle.models import (
    DISPLAY_NAME_MAX,
    Game,
    League,
    LeagueMember,
    NameReport,
    Player,
    PlayerGame,
    Pokemon,
)
from puzzle.services.play import Refusal

NAME_MIN, NAME_MAX = 3, 20
LEAGUE_NAME_MAX = 30
LEAGUE_LIMIT = 100
LEAGUES_PER_PLAYER = 20
REPORTS_TO_HIDE = 3
# The win-rate board counts players with at least this many games.
MIN_GAMES = 10
BOARD_SIZE = 50
WEEK = 7
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 8
DATA = Path(__file__).resolve().parent.parent / "data" / "display_names.json"
_SIGNING_SALT = "puzzle.community"
# Letters, marks and digits of any script, spaces, and these few joiners.
_JOINERS = set(" -_.'’")
# Digits typed for letters ("b4d w0rd") are read as those letters before the check.
_LEET = str.maketrans("013456789@$!", "oieasgtbgasi")


class NameRefused(Refusal):
    code = "name_refused"


class LeagueFull(Refusal):
    code = "league_full"


class TooManyLeagues(Refusal):
    code = "too_many_leagues"


class NotAllowed(Refusal):
    code = "not_allowed"


# Names ---------------------------------------------------------------------------------


@cache
def _lists() -> dict[str, dict]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@cache
def _blocked() -> tuple[str, ...]:
    """Every language's blocked words, as :func:`_key` reads a name."""
    words = {rules.normalize_name(w) for entry in _lists().values() for w in entry["blocked"]}
    return tuple(sorted(word for word in words if word))


def _key(text: str) -> str:
    return rules.normalize_name(text.casefold().translate(_LEET))


def generated_name(lang: str, rng: random.Random | None = None) -> str:
    """A friendly name such as "Brave Pikachu 42", in ``lang``'s words and Pokémon."""
    chooser = rng or secrets.SystemRandom()
    entry = _lists().get(lang) or _lists()[languages.DEFAULT]
    pool = sorted(Pokemon.objects.in_pool().values_list("id", flat=True)) or [25]
    while True:
        pokemon = pokedex.get(chooser.choice(pool))
        name = entry["pattern"].format(
            word=chooser.choice(entry["words"]),
            pokemon=pokemon.display_name(lang) if pokemon else "Pikachu",
            number=chooser.randint(10, 99),
        )
        if len(name) <= DISPLAY_NAME_MAX:
            return name


def clean_display_name(text: str, *, limit: int = NAME_MAX, pokemon_allowed: bool = False) -> str:
    """``text`` as a name others may read, or :class:`NameRefused` saying what to change."""
    name = re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()
    if not NAME_MIN <= len(name) <= limit:
        raise NameRefused(
            # Translators: %(min)d and %(max)d are numbers of characters.
            _("Choose a name of %(min)d to %(max)d characters.") % {"min": NAME_MIN, "max": limit}
        )
    allowed = all(c in _JOINERS or unicodedata.category(c)[0] in "LMN" for c in name)
    if not allowed or not any(unicodedata.category(c)[0] == "L" for c in name):
        raise NameRefused(_("Use letters and numbers; spaces, - _ . and ' may join them."))
    key = _key(name)
    if any(word in key for word in _blocked()):
        raise NameRefused(_("This name is not allowed here. Please choose a friendlier one."))
    if not pokemon_allowed and any(
        pokedex.name_index(code).match(name) is not None for code in languages.CODES
    ):
        raise NameRefused(_("That is a Pokémon’s name. Choose a name of your own."))
    return name


def sign_name(name: str) -> str:
    """A token that lets a form hand back a name this server generated."""
    return signing.dumps(name, salt=f"{_SIGNING_SALT}.name")


def checked_name(text: str, token: str = "") -> str:
    """The generated name ``token`` signs, or a typed name that passes the checks."""
    return text if unsign(token, "name") == text else clean_display_name(text)


def set_name(player_id: uuid.UUID | None, text: str, *, token: str = "") -> Player:
    """Give the player a display name (a new player if the cookie names none)."""
    name = checked_name(text, token)
    player = Player.objects.of(player_id)
    if player is None:
        return Player.objects.create(display_name=name)
    Player.objects.filter(pk=player.pk).update(display_name=name, name_hidden=False)
    player.display_name, player.name_hidden = name, False
    return player


def remove_name(player_id: uuid.UUID | None) -> None:
    """Take the player off every board (their games and leagues stay)."""
    if player_id is not None:
        Player.objects.filter(pk=player_id).update(display_name="")


def report_token(player_id: uuid.UUID) -> str:
    """Names a player in a report form without showing their id."""
    return signing.dumps(str(player_id), salt=f"{_SIGNING_SALT}.report")


def report(reporter: Player, token: str) -> bool:
    """Record ``reporter``'s report of the name ``token`` names; hide a name reported
    often enough. False when the token names nobody (forged, or the player is gone)."""
    target = unsign(token, "report")
    player = Player.objects.filter(pk=target).exclude(display_name="").first() if target else None
    if player is None or player.pk == reporter.pk:
        return False
    try:
        with transaction.atomic():
            NameReport.objects.create(player=player, reporter=reporter, name=player.display_name)
    except IntegrityError:
        pass  # reported before: one report per pair
    reports = NameReport.objects.filter(player=player, name=player.display_name).count()
    if reports >= REPORTS_TO_HIDE:
        Player.objects.filter(pk=player.pk, display_name=player.display_name).update(
            name_hidden=True
        )
    return True


def unsign(token: str, purpose: str) -> str | None:
    """What a token of :func:`sign_name` ("name") or :func:`report_token` ("report")
    holds; None for an empty or forged one."""
    try:
        return signing.loads(token, salt=f"{_SIGNING_SALT}.{purpose}") if token else None
    except signing.BadSignature:
        return None


# Boards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    rank: int
    name: str
    player_id: uuid.UUID
    attempts: int = 0
    seconds: int = 0
    wins: int = 0
    played: int = 0
    streak: int = 0
    percent: int = 0

    @property
    def time(self) -> str:
        """The time to the win as m:ss (h:mm:ss past an hour)."""
        hours, rest = divmod(self.seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


@dataclass(frozen=True)
class Board:
    rows: list[Row]
    viewer: Row | None  # the viewer's own row, also when it is below the top rows


def _named(prefix: str = "player__") -> Q:
    """Players on the boards: with a name that staff have not hidden (``prefix``: the
    path to the player, "" on players themselves)."""
    return ~Q(**{f"{prefix}display_name": ""}) & Q(**{f"{prefix}name_hidden": False})


def _board(rows: list[Row], viewer: uuid.UUID | None) -> Board:
    return Board(rows, next((row for row in rows if row.player_id == viewer), None))


def finished_today(player_id: uuid.UUID | None, today: date) -> bool:
    """Boards of today show only to players who finished today's puzzle: no peeking."""
    if player_id is None:
        return False
    played = PlayerGame.objects.filter(player_id=player_id, puzzle__date=today)
    return played.exclude(status=Game.Status.PLAYING).exists()


def day_board(
    today: date, viewer: uuid.UUID | None, members: QuerySet | None = None, size: int = BOARD_SIZE
) -> Board:
    """Named players who won ``today``'s puzzle (``members``' players only, for a
    league): fewest guesses, then quickest from first guess to win, then earliest."""
    took = ExpressionWrapper(F("finished_at") - F("started_at"), output_field=DurationField())
    wins = (
        PlayerGame.objects.filter(
            _named(), puzzle__date=today, status=Game.Status.WON, counts_for_stats=True
        )
        .annotate(took=took)
        .order_by("attempts", "took", "finished_at", "player_id")
    )
    if members is not None:
        wins = wins.filter(player_id__in=members)
    fields = ("player_id", "player__display_name", "attempts", "took", "finished_at")
    board = _board(
        [_day_row(i, *values) for i, values in enumerate(wins.values_list(*fields)[:size], 1)],
        viewer,
    )
    if board.viewer is None and viewer is not None:
        mine = wins.filter(player_id=viewer).values_list(*fields).first()
        if mine is not None:
            _pid, _name, attempts, took_, finished = mine
            ahead = wins.filter(
                Q(attempts__lt=attempts)
                | Q(attempts=attempts, took__lt=took_)
                | Q(attempts=attempts, took=took_, finished_at__lt=finished)
            ).count()
            return Board(board.rows, _day_row(ahead + 1, *mine))
    return board


def _day_row(rank: int, pid: uuid.UUID, name: str, attempts: int, took: timedelta, _f) -> Row:
    return Row(rank, name, pid, attempts=attempts, seconds=int(took.total_seconds()))


def streak_board(today: date, viewer: uuid.UUID | None) -> Board:
    """Longest current streaks (a streak is current until the day after its last win)."""
    players = Player.objects.filter(
        _named(""), streak__gt=0, streak_day__gte=today - timedelta(days=1)
    ).order_by("-streak", "streak_day", "created_at")
    rows = [
        Row(i, p.display_name, p.pk, streak=p.streak, played=p.played)
        for i, p in enumerate(players[:BOARD_SIZE], 1)
    ]
    return _board(rows, viewer)


def rate_board(viewer: uuid.UUID | None) -> Board:
    """Best win rates among players with at least ``MIN_GAMES`` games."""
    players = (
        Player.objects.filter(_named(""), played__gte=MIN_GAMES)
        .annotate(rate=ExpressionWrapper(F("wins") * 1.0 / F("played"), output_field=FloatField()))
        .order_by("-rate", "-played", "created_at")
    )
    rows = [
        Row(
            i,
            p.display_name,
            p.pk,
            wins=p.wins,
            played=p.played,
            percent=round(100 * p.wins / p.played),
        )
        for i, p in enumerate(players[:BOARD_SIZE], 1)
    ]
    return _board(rows, viewer)


def week_board(league: League, today: date, viewer: uuid.UUID | None) -> Board:
    """The league's last seven days: most wins, then fewest guesses in those wins."""
    won = Q(status=Game.Status.WON)
    week = (
        PlayerGame.objects.filter(
            _named(),
            player__leagues__league=league,
            puzzle__date__range=(today - timedelta(days=WEEK - 1), today),
        )
        .counted()
        .values("player_id", "player__display_name")
        .annotate(
            wins=Count("pk", filter=won), guesses=Sum("attempts", filter=won), played=Count("pk")
        )
        .order_by("-wins", "guesses", "player__display_name")
    )
    rows = [
        Row(
            i,
            r["player__display_name"],
            r["player_id"],
            wins=r["wins"],
            attempts=r["guesses"] or 0,
            played=r["played"],
        )
        for i, r in enumerate(week, 1)
    ]
    return _board(rows, viewer)


# Leagues -------------------------------------------------------------------------------


def create_league(player: Player, name: str) -> League:
    """A new league with ``player`` as its creator and first member."""
    name = clean_display_name(name, limit=LEAGUE_NAME_MAX, pokemon_allowed=True)
    _check_room(player)
    with transaction.atomic():
        while True:  # a clash among 31⁸ codes is rare; the unique column settles it
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with transaction.atomic():
                    league = League.objects.create(code=code, name=name, owner=player, size=1)
                break
            except IntegrityError:
                continue
        LeagueMember.objects.create(league=league, player=player)
    return league


def join(league: League, player: Player) -> None:
    """Add ``player`` to ``league`` (nothing happens if they are in it already)."""
    if league.members.filter(player=player).exists():
        return
    _check_room(player)
    with transaction.atomic():
        taken = League.objects.filter(pk=league.pk, size__lt=LEAGUE_LIMIT).update(
            size=F("size") + 1
        )
        if not taken:
            raise LeagueFull(
                # Translators: %(limit)d is the most members a league may have (100).
                _("This league is full: it has %(limit)d members.") % {"limit": LEAGUE_LIMIT}
            )
        try:
            with transaction.atomic():
                LeagueMember.objects.create(league=league, player=player)
        except IntegrityError:  # joined in another tab at the same moment
            League.objects.filter(pk=league.pk).update(size=F("size") - 1)


def leave(league: League, player_id: uuid.UUID, *, by: uuid.UUID | None = None) -> None:
    """Take a member out of ``league``: themselves, or removed by its creator (``by``)."""
    if by is not None and by != player_id and league.owner_id != by:
        raise NotAllowed(_("Only the league’s creator can remove members."))
    with transaction.atomic():
        if LeagueMember.objects.filter(league=league, player_id=player_id).delete()[0]:
            league.recount()


def is_member(league: League, player_id: uuid.UUID | None) -> bool:
    return player_id is not None and league.members.filter(player_id=player_id).exists()


def leagues_of(player_id: uuid.UUID | None) -> QuerySet[League]:
    if player_id is None:
        return League.objects.none()
    return League.objects.filter(members__player_id=player_id).order_by("name", "pk")


def _check_room(player: Player) -> None:
    if player.leagues.count() >= LEAGUES_PER_PLAYER:
        raise TooManyLeagues(
            # Translators: %(limit)d is the most leagues a player may be in (20).
            _("You are in %(limit)d leagues already. Leave one to join another.")
            % {"limit": LEAGUES_PER_PLAYER}
        )
