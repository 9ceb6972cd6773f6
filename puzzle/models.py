"""The daily silhouette game's data: Pokémon, daily puzzles, anonymous players and games.

The rules themselves are pure functions in ``puzzle.rules``; the models apply them to
rows. Every guess is kept on the server, so a reload, a second tab, cleared storage or
a redeploy loses nothing.
"""

import datetime as dt
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Literal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, models
from django.templatetags.static import static
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname

from puzzle import rules
from puzzle.converters import MAX_PUZZLE_NUMBER

TYPES = [
    ("Normal", _("Normal")),
    ("Fire", _("Fire")),
    ("Water", _("Water")),
    ("Electric", _("Electric")),
    ("Grass", _("Grass")),
    ("Ice", _("Ice")),
    ("Fighting", _("Fighting")),
    ("Poison", _("Poison")),
    ("Ground", _("Ground")),
    ("Flying", _("Flying")),
    ("Psychic", _("Psychic")),
    ("Bug", _("Bug")),
    ("Rock", _("Rock")),
    ("Ghost", _("Ghost")),
    ("Dragon", _("Dragon")),
    ("Dark", _("Dark")),
    ("Steel", _("Steel")),
    ("Fairy", _("Fairy")),
]
COLORS = [
    ("Black", _("Black")),
    ("Blue", _("Blue")),
    ("Brown", _("Brown")),
    ("Gray", _("Grey")),
    ("Green", _("Green")),
    ("Pink", _("Pink")),
    ("Purple", _("Purple")),
    ("Red", _("Red")),
    ("White", _("White")),
    ("Yellow", _("Yellow")),
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

    def artwork_path(self) -> str:
        """A readable file path for the image renderer (uploaded or bundled)."""
        if self.artwork:
            return self.artwork.path
        from django.contrib.staticfiles import finders

        found = finders.find(f"puzzle/artwork/{self.id}.webp")
        if not found:
            raise FileNotFoundError(f"No artwork for Pokémon {self.id}")
        return str(found)

    def names_for(self, lang: str) -> list[str]:
        """Every name accepted for a guess on a page in ``lang``."""
        local = getattr(self, build_localized_fieldname("name", lang), None) or ""
        names = [self.name_en, local, *rules.accepted_names(self.extra_names)]
        return [n for n in dict.fromkeys(names) if n]

    def display_name(self, lang: str) -> str:
        return getattr(self, build_localized_fieldname("name", lang), None) or self.name_en


class DailyPuzzleQuerySet(models.QuerySet["DailyPuzzle"]):
    def released(self) -> "DailyPuzzleQuerySet":
        return self.filter(date__lte=today())


class DailyPuzzle(models.Model):
    date = models.DateField(_("date (UTC)"), unique=True)
    pokemon = models.ForeignKey(Pokemon, on_delete=models.PROTECT, verbose_name=_("Pokémon"))
    scheduled = models.BooleanField(_("scheduled by staff"), default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = DailyPuzzleQuerySet.as_manager()

    class Meta:
        ordering = ["-date"]
        verbose_name = _("daily puzzle")
        verbose_name_plural = _("daily puzzles")

    def __str__(self) -> str:
        return f"#{self.number} ({self.date})"

    @property
    def number(self) -> int:
        return rules.puzzle_number(self.date, launch_date())

    @property
    def is_today(self) -> bool:
        return self.date == today()

    def clean(self) -> None:
        if self.date and self.date <= today():
            raise ValidationError({"date": _("Only future dates can be scheduled.")})
        if self.date and self.date < launch_date():
            raise ValidationError({"date": _("The date is before the launch date.")})
        if self.pokemon_id and not Pokemon.objects.in_pool().filter(pk=self.pokemon_id).exists():
            raise ValidationError({"pokemon": _("Choose a Pokémon from the daily pool.")})

    @classmethod
    def for_number(cls, number: int) -> "DailyPuzzle | None":
        """The puzzle with this number if it has been released (today or earlier)."""
        if not 1 <= number <= MAX_PUZZLE_NUMBER:
            return None  # huge numbers would overflow the date arithmetic
        day = rules.puzzle_date(number, launch_date())
        if day > today():
            return None
        return cls.for_date(day)

    @classmethod
    def for_date(cls, day: dt.date) -> "DailyPuzzle":
        """The puzzle of a released date, choosing it (and any missing earlier ones) on
        first use. Choices depend only on history, so concurrent first requests compute
        the same Pokémon and the unique date settles the race."""
        existing = cls.objects.filter(date=day).select_related("pokemon").first()
        if existing:
            return existing
        start = launch_date()
        if day < start:  # no puzzle (and no row) before the launch date
            raise cls.DoesNotExist(f"{day} is before the launch date {start}")
        cls._create_through(start, day)
        return cls.objects.select_related("pokemon").get(date=day)

    @classmethod
    def _create_through(cls, start: dt.date, day: dt.date) -> None:
        """Choose the puzzle of every day from ``start`` to ``day`` that has none, in date
        order, each from the history before it; written in one statement."""
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
        # A concurrent first request computes the same rows; the unique date settles it.
        cls.objects.bulk_create(new, ignore_conflicts=True)


class Player(models.Model):
    """An anonymous player, known only by a signed HttpOnly cookie."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return str(self.id)


def pokemon_in_order(ids: list[int]) -> list[Pokemon]:
    """The guessed Pokémon, in order, from the Pokédex in process memory."""
    from puzzle import memory  # it imports this module

    by_id = memory.pokedex()
    return [by_id[i] for i in ids if i in by_id]


class GuessNotTaken(Exception):
    """A guess the rules turn down without spending an attempt: the game is over
    (``reason`` "finished") or this Pokémon was already guessed ("duplicate")."""

    def __init__(self, reason: Literal["finished", "duplicate"]) -> None:
        super().__init__(reason)
        self.reason = reason


def append_guess(
    game: "PlayerGame | PracticeRound", pokemon: Pokemon, answer_id: int, now: datetime
) -> None:
    """Add a guess to a daily game or a practice round and settle how it stands: won,
    lost after the last attempt, or still playing. Raises :class:`GuessNotTaken` for a
    game that is over or a Pokémon already guessed."""
    if game.finished:
        raise GuessNotTaken("finished")
    if pokemon.id in game.guesses:
        raise GuessNotTaken("duplicate")
    game.guesses = [*game.guesses, pokemon.id]
    if pokemon.id == answer_id:
        game.status = PlayerGame.Status.WON
    elif len(game.guesses) >= rules.ATTEMPTS:
        game.status = PlayerGame.Status.LOST
    if game.finished:
        game.finished_at = now


class GuessedPokemon:
    """What a daily game and a practice round share: whether it is over, and the
    Pokémon guessed so far (from the Pokédex in memory)."""

    status: str
    guesses: list[int]

    @property
    def finished(self) -> bool:
        return self.status != PlayerGame.Status.PLAYING

    @cached_property
    def guessed(self) -> list[Pokemon]:
        return pokemon_in_order(self.guesses)


class PlayerGame(GuessedPokemon, models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        WON = "won", _("won")
        LOST = "lost", _("lost")

    # No index of their own: (player, puzzle) and (puzzle, status) below lead with them,
    # and every guess would otherwise write two more index entries.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="games", db_index=False
    )
    puzzle = models.ForeignKey(
        DailyPuzzle, on_delete=models.CASCADE, related_name="games", db_index=False
    )
    guesses = models.JSONField(default=list)  # Pokémon ids, in order
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    counts_for_stats = models.BooleanField(default=True)
    # Kept beside ``guesses`` so the staff dashboard can aggregate in SQL.
    attempts = models.PositiveSmallIntegerField(default=0)
    # The page language the game was started in (a share per language, nothing more).
    language = models.CharField(max_length=8, blank=True, default="")
    # Chosen before the first guess and fixed for the game (docs/game-modes.md).
    hard_mode = models.BooleanField(default=False)
    lifeline_used = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "puzzle"], name="one_game_per_puzzle")
        ]
        indexes = [models.Index(fields=["puzzle", "status"])]

    def __str__(self) -> str:
        return f"{self.player_id} #{self.puzzle.number}"

    def add_guess(self, pokemon: Pokemon, now: datetime) -> None:
        """Record a guess and save; :class:`GuessNotTaken` if the rules refuse it."""
        append_guess(self, pokemon, self.puzzle.pokemon_id, now)
        if self.counts_for_stats and now >= grace_deadline(self.puzzle.date):
            # Past the grace period the game goes on as practice (docs/design.md "API contract").
            self.counts_for_stats = False
        self.attempts = len(self.guesses)
        self.save()
        self.__dict__.pop("guessed", None)


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
        """Count one refusal in one statement: a row on first sight, else an atomic
        increment (PostgreSQL and SQLite both know ``ON CONFLICT … DO UPDATE``)."""
        key = rules.normalize_name(text)[:80]
        if not key:
            return
        table, quote = cls._meta.db_table, connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {quote(table)} (puzzle_id, {quote('key')}, text, count)"
                " VALUES (%s, %s, %s, 1)"
                f" ON CONFLICT (puzzle_id, {quote('key')})"
                f" DO UPDATE SET count = {quote(table)}.count + 1",
                [puzzle.pk, key, text[:80]],
            )


class PracticeRound(GuessedPokemon, models.Model):
    """An endless-practice round on a random Pokémon, chosen and judged on the server.

    The browser only holds the random id; the answer stays here until the round ends.
    Rounds never touch daily statistics or streaks (docs/game-modes.md).
    """

    Status = PlayerGame.Status

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="practice_rounds", db_index=False
    )  # (player, finished_at) below leads with it
    pokemon = models.ForeignKey(Pokemon, on_delete=models.PROTECT, related_name="+")
    generations = models.JSONField(default=list)  # the filter it was drawn with
    guesses = models.JSONField(default=list)  # Pokémon ids, in order
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    hard_mode = models.BooleanField(default=False)
    lifeline_used = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["player", "finished_at"])]
        verbose_name = _("practice round")
        verbose_name_plural = _("practice rounds")

    def __str__(self) -> str:
        return f"{self.player_id} practice {self.started_at:%Y-%m-%d %H:%M}"

    def add_guess(self, pokemon: Pokemon, now: datetime) -> None:
        """Record a guess and save; :class:`GuessNotTaken` if the rules refuse it."""
        append_guess(self, pokemon, self.pokemon_id, now)
        self.save()
        self.__dict__.pop("guessed", None)
