"""The daily silhouette game's data: Pokémon, daily puzzles, anonymous players and games.

The rules themselves are pure functions in ``puzzle.rules``; the models apply them to
rows. Every guess is kept on the server, so a reload, a second tab, cleared storage or
a redeploy loses nothing.
"""

import datetime as dt
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import IO, TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Count, F
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from modeltranslation.utils import build_localized_fieldname

from puzzle import rules
from puzzle.converters import MAX_PUZZLE_NUMBER

# Translators: the official names of the Pokémon types, as the games print them; a hint
# cell shows one, so keep it short.
TYPES = [
    ("Normal", pgettext_lazy("Pokémon type", "Normal")),
    ("Fire", pgettext_lazy("Pokémon type", "Fire")),
    ("Water", pgettext_lazy("Pokémon type", "Water")),
    ("Electric", pgettext_lazy("Pokémon type", "Electric")),
    ("Grass", pgettext_lazy("Pokémon type", "Grass")),
    ("Ice", pgettext_lazy("Pokémon type", "Ice")),
    ("Fighting", pgettext_lazy("Pokémon type", "Fighting")),
    ("Poison", pgettext_lazy("Pokémon type", "Poison")),
    ("Ground", pgettext_lazy("Pokémon type", "Ground")),
    ("Flying", pgettext_lazy("Pokémon type", "Flying")),
    ("Psychic", pgettext_lazy("Pokémon type", "Psychic")),
    ("Bug", pgettext_lazy("Pokémon type", "Bug")),
    ("Rock", pgettext_lazy("Pokémon type", "Rock")),
    ("Ghost", pgettext_lazy("Pokémon type", "Ghost")),
    ("Dragon", pgettext_lazy("Pokémon type", "Dragon")),
    ("Dark", pgettext_lazy("Pokémon type", "Dark")),
    ("Steel", pgettext_lazy("Pokémon type", "Steel")),
    ("Fairy", pgettext_lazy("Pokémon type", "Fairy")),
]
# Translators: the colour the official Pokédex files a Pokémon under, shown in a hint
# cell: keep it short.
COLORS = [
    ("Black", pgettext_lazy("Pokédex colour", "Black")),
    ("Blue", pgettext_lazy("Pokédex colour", "Blue")),
    ("Brown", pgettext_lazy("Pokédex colour", "Brown")),
    ("Gray", pgettext_lazy("Pokédex colour", "Grey")),
    ("Green", pgettext_lazy("Pokédex colour", "Green")),
    ("Pink", pgettext_lazy("Pokédex colour", "Pink")),
    ("Purple", pgettext_lazy("Pokédex colour", "Purple")),
    ("Red", pgettext_lazy("Pokédex colour", "Red")),
    ("White", pgettext_lazy("Pokédex colour", "White")),
    ("Yellow", pgettext_lazy("Pokédex colour", "Yellow")),
]


def launch_date() -> date:
    return date.fromisoformat(settings.PUZZLE_LAUNCH_DATE)


def launched() -> bool:
    """Whether puzzle #1 is out (PUZZLE_LAUNCH_DATE may be set in the future)."""
    return today() >= launch_date()


def today() -> date:
    return rules.utc_today(timezone.now())


def grace_deadline(day: date) -> datetime:
    """A game of ``day``'s puzzle begun that day still counts until the next midnight."""
    return datetime.combine(day + timedelta(days=2), datetime.min.time(), tzinfo=UTC)


def validate_name_list(value: object) -> None:
    if not isinstance(value, list) or not all(isinstance(i, str) and i.strip() for i in value):
        raise ValidationError(_("Other accepted names must be a list of names."))


class PokemonQuerySet(models.QuerySet["Pokemon"]):
    def in_pool(self) -> "PokemonQuerySet":
        """The daily pool: marked by staff (or the import) and with artwork to draw."""
        return self.filter(in_daily_pool=True).exclude(has_default_artwork=False, artwork="")


class Pokemon(models.Model):
    id = models.PositiveIntegerField(_("national Pokédex number"), primary_key=True)
    name = models.CharField(_("name"), max_length=40)
    extra_names = models.JSONField(
        _("other accepted names"),
        default=list,
        blank=True,
        validators=[validate_name_list],
        help_text=_("Other spellings accepted as guesses in every language."),
    )
    type1 = models.CharField(_("type 1"), max_length=10, choices=TYPES)
    type2 = models.CharField(_("type 2"), max_length=10, choices=TYPES, blank=True)
    generation = models.PositiveSmallIntegerField(_("generation"))
    stage = models.PositiveSmallIntegerField(_("evolution stage"))
    color = models.CharField(_("Pokédex colour"), max_length=10, choices=COLORS)
    height = models.FloatField(_("height (m)"))
    weight = models.FloatField(_("weight (kg)"))
    has_default_artwork = models.BooleanField(_("bundled artwork"), default=False)
    artwork = models.ImageField(
        _("uploaded artwork"),
        upload_to="artwork/",
        blank=True,
        help_text=_("PNG or WebP with a transparent background. Replaces the bundled artwork."),
    )
    in_daily_pool = models.BooleanField(_("in the daily pool"), default=False)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)
    # Optimistic locking in the admin: every edit adds one; a form opened at an older
    # version is refused (portal.admin_lock).
    version = models.PositiveIntegerField(_("version"), default=0)
    # Digest per field of what import_pokedex last wrote (docs/content-updates.md).
    import_digests = models.JSONField(default=dict, editable=False)

    objects = PokemonQuerySet.as_manager()
    # One column per language, added by django-modeltranslation (puzzle.translation).
    name_en: str

    class Meta:
        ordering = ["id"]
        verbose_name = _("Pokémon")
        verbose_name_plural = _("Pokémon")

    def __str__(self) -> str:
        return f"#{self.id:04d} {self.name_en}"

    def clean(self) -> None:
        if self.in_daily_pool and not (self.artwork or self.has_default_artwork):
            raise ValidationError(
                {"in_daily_pool": _("Upload artwork before adding it to the pool.")}
            )

    @property
    def traits(self) -> rules.Traits:
        types = (self.type1, self.type2) if self.type2 else (self.type1,)
        return rules.Traits(
            types=types,
            generation=self.generation,
            stage=self.stage,
            color=self.color,
            height=self.height,
            weight=self.weight,
        )

    @property
    def artwork_url(self) -> str:
        if self.artwork:
            return self.artwork.url
        return static(f"puzzle/artwork/{self.id}.webp")

    def open_artwork(self) -> IO[bytes]:
        """The artwork for the image renderers, open for reading (close it after use).

        An upload is read through its storage (``STORAGES["default"]``), which on
        several nodes is object storage with no local path; bundled artwork ships with
        the code. A new file object each time: the Pokédex's rows are shared by the
        threads of a worker (``puzzle.pokedex``), so the field's own file is left alone."""
        if self.artwork.name:
            return self.artwork.storage.open(self.artwork.name, "rb")
        from django.contrib.staticfiles import finders

        found = finders.find(f"puzzle/artwork/{self.id}.webp")
        if not found:
            raise FileNotFoundError(f"No artwork for Pokémon {self.id}")
        return open(str(found), "rb")  # noqa: SIM115 - the caller closes it

    def names_for(self, lang: str) -> list[str]:
        """Every name accepted for a guess on a page in ``lang``."""
        local = getattr(self, build_localized_fieldname("name", lang), None) or ""
        names = [self.name_en, local, *rules.accepted_names(self.extra_names)]
        return [n for n in dict.fromkeys(names) if n]

    def display_name(self, lang: str) -> str:
        return getattr(self, build_localized_fieldname("name", lang), None) or self.name_en


class DataStamp(models.Model):
    """A token that changes with every edit of data kept in process memory (the
    Pokédex, ``puzzle.pokedex``): one query tells a worker whether its copy is current,
    and an edit that is rolled back takes its token with it."""

    name = models.CharField(max_length=20, primary_key=True)
    token = models.UUIDField(default=uuid.uuid4)

    def __str__(self) -> str:
        return f"{self.name}: {self.token}"

    @classmethod
    def read(cls, name: str) -> uuid.UUID | None:
        return cls.objects.filter(name=name).values_list("token", flat=True).first()

    @classmethod
    def touch(cls, name: str) -> None:
        cls.objects.update_or_create(name=name, defaults={"token": uuid.uuid4()})


class DailyPuzzle(models.Model):
    date = models.DateField(_("date (UTC)"), unique=True)
    pokemon = models.ForeignKey(Pokemon, on_delete=models.PROTECT, verbose_name=_("Pokémon"))
    scheduled = models.BooleanField(_("scheduled by staff"), default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date"]
        verbose_name = _("daily puzzle")
        verbose_name_plural = _("daily puzzles")

    def __str__(self) -> str:
        return f"#{self.number} ({self.date})"

    @property
    def number(self) -> int:
        return rules.puzzle_number(self.date, launch_date())

    def clean(self) -> None:
        if self.date and self.date <= today():
            raise ValidationError({"date": _("Only future dates can be scheduled.")})
        if self.date and self.date < launch_date():
            raise ValidationError({"date": _("The date is before the launch date.")})
        if self.pokemon_id and not Pokemon.objects.in_pool().filter(pk=self.pokemon_id).exists():
            raise ValidationError({"pokemon": _("Choose a Pokémon from the daily pool.")})

    @staticmethod
    def released_day(number: int) -> "dt.date | None":
        """The date of puzzle ``number`` if it has been released (today or earlier)."""
        if not 1 <= number <= MAX_PUZZLE_NUMBER:
            return None  # huge numbers would overflow the date arithmetic
        day = rules.puzzle_date(number, launch_date())
        return None if day > today() or day < launch_date() else day

    @classmethod
    def for_number(cls, number: int, *, save: bool = False) -> "DailyPuzzle | None":
        """The puzzle with this number if it has been released (today or earlier)."""
        day = cls.released_day(number)
        return None if day is None else cls.for_date(day, save=save)

    @classmethod
    def for_date(cls, day: dt.date, *, save: bool = False) -> "DailyPuzzle":
        """The puzzle of a released date. A day without a row yet gets its pick (and
        every missing earlier day's) from the history before it: unsaved for a read,
        written for a write (``save``), so only a player's guess creates rows. Picks
        depend only on history, so concurrent first writes compute the same rows and
        the unique date settles the race."""
        try:
            return cls.objects.get(date=day)
        except cls.DoesNotExist:
            pass
        start = launch_date()
        if day < start:  # no puzzle (and no row) before the launch date
            raise cls.DoesNotExist(f"{day} is before the launch date {start}")
        planned = cls._plan_through(start, day)
        if not save:
            return planned[-1]
        DailyPuzzle.objects.bulk_create(planned, ignore_conflicts=True)
        return cls.objects.get(date=day)

    @classmethod
    def _plan_through(cls, start: dt.date, day: dt.date) -> "list[DailyPuzzle]":
        """Choose the puzzle of every day from ``start`` to ``day`` that has none, in date
        order, each from the history before it (``day``'s is the last)."""
        pool = set(Pokemon.objects.in_pool().values_list("id", flat=True))
        rows = list(cls.objects.order_by("date").values_list("date", "pokemon_id", "scheduled"))
        taken = {row_day: pokemon_id for row_day, pokemon_id, _scheduled in rows}
        # Staff-scheduled future Pokémon are kept for their day.
        scheduled = [(row_day, pokemon_id) for row_day, pokemon_id, is_set in rows if is_set]
        history = [pokemon_id for row_day, pokemon_id, _scheduled in rows if row_day < start]
        new = []
        for offset in range((day - start).days + 1):
            current = start + timedelta(days=offset)
            pokemon_id = taken.get(current)
            if pokemon_id is None:
                reserved = {p for later, p in scheduled if later > current}
                used = rules.cycle_used(history, pool) | (reserved & pool)
                pokemon_id = rules.choose(pool, used, current, settings.PUZZLE_SEED)
                new.append(cls(date=current, pokemon_id=pokemon_id))
            history.append(pokemon_id)
        return new


# Room for a generated name ("Brave Pikachu 42" in any language); typed ones are shorter.
DISPLAY_NAME_MAX = 40


class PlayerQuerySet(models.QuerySet["Player"]):
    def of(self, player_id: uuid.UUID | None) -> "Player | None":
        """The player a cookie names, if there is one (no query without an id)."""
        return self.filter(pk=player_id).first() if player_id else None

    def erase(self) -> int:
        """Delete these players with everything that is theirs (games, rounds, codes,
        names, league places); their leagues count them out, and a league they created
        passes to its longest-standing member, or goes when nobody is left. Returns the
        number of rows deleted."""
        with transaction.atomic():
            places = LeagueMember.objects.filter(player__in=self)
            leagues = set(places.values_list("league_id", flat=True))
            deleted, _by_model = self.delete()
            for league in League.objects.filter(pk__in=leagues):
                league.recount()
            return deleted


class Player(models.Model):
    """An anonymous player, known only by a signed HttpOnly cookie.

    A player is on the boards only once they choose a display name
    (``puzzle.services.community``); staff may hide it. ``played`` to ``streak_day`` are
    the player's statistics (``puzzle.stats.player_stats``) kept on the row at the end of
    each counted game, so the all-time boards read one row per player.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    display_name = models.CharField(
        _("display name"), max_length=DISPLAY_NAME_MAX, blank=True, default=""
    )
    name_hidden = models.BooleanField(
        _("name hidden"),
        default=False,
        help_text=_("A hidden name is left off every board and league until staff show it."),
    )
    played = models.PositiveIntegerField(_("games played"), default=0, editable=False)
    wins = models.PositiveIntegerField(_("games won"), default=0, editable=False)
    streak = models.PositiveIntegerField(_("streak"), default=0, editable=False)
    # The day of the streak's latest win: the streak is current until the day after.
    streak_day = models.DateField(null=True, blank=True, editable=False)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        indexes = [models.Index(fields=["streak_day", "streak"])]

    def __str__(self) -> str:
        return self.display_name or str(self.id)


class NameReport(models.Model):
    """A player's report of another player's display name (one per pair)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="reports", verbose_name=_("player")
    )
    reporter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(_("reported name"), max_length=40)
    created_at = models.DateTimeField(_("reported at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "reporter"], name="one_report_per_pair")
        ]
        verbose_name = _("name report")
        verbose_name_plural = _("name reports")

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    """A group of friends with its own boards, joined by its link.

    ``size`` counts the members and is changed only by conditional UPDATEs, so two
    players joining at once can never take a league past its limit.
    """

    code = models.CharField(_("code"), max_length=12, unique=True)
    name = models.CharField(_("name"), max_length=40)
    owner = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("creator"),
    )
    size = models.PositiveSmallIntegerField(_("members"), default=0, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name

    @property
    def url(self) -> str:
        return reverse("puzzle:league", args=[self.code])

    def recount(self) -> None:
        """Count the members again after some left; hand the league to its
        longest-standing member if its creator is gone, or delete it when empty."""
        members = self.members.order_by("joined_at", "pk")
        first = members.values_list("player_id", flat=True).first()
        if first is None:
            self.delete()
            return
        stays = self.owner_id is not None and members.filter(player_id=self.owner_id).exists()
        owner = self.owner_id if stays else first
        League.objects.filter(pk=self.pk).update(size=members.count(), owner_id=owner)


class LeagueMember(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="leagues")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "player"], name="one_membership")]

    def __str__(self) -> str:
        return f"{self.player} @ {self.league}"


class TransferCode(models.Model):
    """A one-time code that moves a player to another device (puzzle/services/transfer.py):
    valid for minutes, used once, gone with the player."""

    code = models.CharField(max_length=8, unique=True)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.code


class Game(models.Model):
    """What a daily game and a practice round share: the guesses (Pokémon ids, in
    order) and how the game stands, by the rules of ``puzzle.rules``.

    Saving a guess is the job of ``puzzle.services.play``, which writes only when the
    row still holds the attempts it read (``attempts`` is the row's version).
    """

    class Status(models.TextChoices):
        # Translators: the state of a game, in the admin's lists of games.
        PLAYING = "playing", pgettext_lazy("game state", "playing")
        WON = "won", pgettext_lazy("game state", "won")
        LOST = "lost", pgettext_lazy("game state", "lost")

    guesses = models.JSONField(default=list)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    attempts = models.PositiveSmallIntegerField(default=0)  # len(guesses), for SQL
    # Chosen before the first guess and fixed for the game (docs/game-modes.md).
    hard_mode = models.BooleanField(default=False)
    # The lifeline's letter, fixed in the game's language when it is taken.
    lifeline = models.CharField(max_length=4, blank=True, default="")
    # The first guess's time, as the guess service saw it (the same clock as finished_at,
    # so the time to a win is never negative).
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    if TYPE_CHECKING:  # each kind of game declares its own, with its related name
        player: models.ForeignKey[Player, Player]
        player_id: uuid.UUID

    class Meta:
        abstract = True

    @property
    def answer_id(self) -> int:
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        return self.status != Game.Status.PLAYING

    def add_guess(self, pokemon_id: int, now: datetime) -> None:
        """Add a guess the rules allow (the caller checked the game is on and the
        Pokémon new) and settle how the game stands: won, lost, or still playing."""
        self.guesses = [*self.guesses, pokemon_id]
        self.attempts = len(self.guesses)
        if pokemon_id == self.answer_id:
            self.status = Game.Status.WON
        elif self.attempts >= rules.ATTEMPTS:
            self.status = Game.Status.LOST
        if self.finished:
            self.finished_at = now


class PlayerGameQuerySet(models.QuerySet["PlayerGame"]):
    def of(self, player_id: uuid.UUID | None, day: dt.date) -> "PlayerGame | None":
        """The player's game of the puzzle of ``day``, read with its puzzle in one query
        (get(), not first(): no ORDER BY to build for a row the key makes unique)."""
        if player_id is None:
            return None
        try:
            return self.select_related("puzzle").get(player_id=player_id, puzzle__date=day)
        except self.model.DoesNotExist:
            return None

    def counted(self) -> "PlayerGameQuerySet":
        """Finished games that count for statistics (not played as practice)."""
        return self.filter(counts_for_stats=True, status__in=[Game.Status.WON, Game.Status.LOST])

    def outcomes(self) -> list[tuple[bool, int, int]]:
        """``(won, attempts, games)`` for each kind of game, counted by the database in
        one grouped query, whatever the number of players."""
        rows = self.values_list("status", "attempts").annotate(games=Count("pk")).order_by()
        return [(status == Game.Status.WON, attempts, games) for status, attempts, games in rows]


class PlayerGame(Game):
    # No index of their own: (player, puzzle) and (puzzle, status) below lead with them,
    # and every guess would otherwise write two more index entries.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="games", db_index=False
    )
    puzzle = models.ForeignKey(
        DailyPuzzle, on_delete=models.CASCADE, related_name="games", db_index=False
    )
    counts_for_stats = models.BooleanField(default=True)
    # The page language the game was started in (a share per language, nothing more).
    language = models.CharField(max_length=8, blank=True, default="")

    objects = PlayerGameQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "puzzle"], name="one_game_per_puzzle")
        ]
        indexes = [models.Index(fields=["puzzle", "status"])]

    def __str__(self) -> str:
        return f"{self.player_id} #{self.puzzle.number}"

    @property
    def answer_id(self) -> int:
        return self.puzzle.pokemon_id

    def add_guess(self, pokemon_id: int, now: datetime) -> None:
        super().add_guess(pokemon_id, now)
        if now >= grace_deadline(self.puzzle.date):
            # Past the grace period the game goes on as practice (docs/design.md "API contract").
            self.counts_for_stats = False


class PracticeRound(Game):
    """An endless-practice round on a random Pokémon, chosen and judged on the server.

    The browser only holds the random id; the answer stays here until the round ends.
    Rounds never touch daily statistics or streaks (docs/game-modes.md).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="practice_rounds", db_index=False
    )  # (player, finished_at) below leads with it
    pokemon = models.ForeignKey(Pokemon, on_delete=models.PROTECT, related_name="+")
    generations = models.JSONField(default=list)  # the filter it was drawn with

    class Meta:
        indexes = [models.Index(fields=["player", "finished_at"])]
        verbose_name = _("practice round")
        verbose_name_plural = _("practice rounds")

    def __str__(self) -> str:
        return f"{self.player_id} practice {self.started_at:%Y-%m-%d %H:%M}"

    @property
    def answer_id(self) -> int:
        return self.pokemon_id


class RefusedName(models.Model):
    """How often a name the game did not know was typed for a puzzle.

    Only the text and a count are kept, never who typed it: staff read the most common
    ones on the dashboard and can accept a spelling in one click.
    """

    puzzle = models.ForeignKey(
        DailyPuzzle, on_delete=models.CASCADE, related_name="refused_names", db_index=False
    )  # (puzzle, key) and (puzzle, -count) below lead with it
    key = models.CharField(max_length=80)  # the normalised text: one row per spelling
    text = models.CharField(max_length=80)  # as first typed, for display
    count = models.PositiveIntegerField(default=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["puzzle", "key"], name="one_row_per_refused_name")
        ]
        indexes = [models.Index(fields=["puzzle", "-count"])]
        verbose_name = _("refused name")
        verbose_name_plural = _("refused names")

    def __str__(self) -> str:
        return f"{self.text} ×{self.count}"

    @classmethod
    def record(cls, puzzle: DailyPuzzle, text: str) -> None:
        """Count one refusal: a row on first sight, else an atomic increment."""
        key = rules.normalize_name(text)[:80]
        if not key:
            return
        updated = cls.objects.filter(puzzle=puzzle, key=key).update(count=F("count") + 1)
        if not updated:
            try:
                with transaction.atomic():
                    cls.objects.create(puzzle=puzzle, key=key, text=text[:80])
            except IntegrityError:  # another request counted it first
                cls.objects.filter(puzzle=puzzle, key=key).update(count=F("count") + 1)
