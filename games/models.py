"""The nine embedded-game landing pages and their ordered content (docs/design.md "Pages").

A ``Game`` has ordered ``Section`` rows (the page's structure, in order);
list sections render the game's items of their kind (FAQ items, feature cards, steps,
controls, tips, weapons, missions, evolution items, timeline items, related games).
All text fields are translated with django-modeltranslation (English fallback).
"""

import contextlib
import re
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.urls import Resolver404, resolve, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import kinds
from portal import languages

anchor_validator = RegexValidator(
    r"^[a-z][a-z0-9-]*$", _("Use lower-case letters, digits and hyphens, starting with a letter.")
)


_HOST_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_URL_SAFE = "/%:@-._~!$&'()*+,;="


def normalize_frame_url(value: str) -> str:
    """``https://host[:port]/path[?query]`` with the host in punycode and the path and
    query percent-encoded, so the address (and the CSP header built from it) is ASCII.

    Raises ``ValueError`` for anything else: other schemes, user-info (``https://a@b``),
    spaces or control characters, a missing or malformed host, a bad port or a fragment.
    """
    if not value or any(ch.isspace() or ord(ch) < 32 or ch == "\\" for ch in value):
        raise ValueError("spaces or control characters")
    parts = urlsplit(value)
    if parts.scheme.lower() != "https" or not parts.netloc:
        raise ValueError("not https")
    if "@" in parts.netloc or parts.fragment or "#" in value:
        raise ValueError("user-info or fragment")
    host = parts.hostname or ""
    port = parts.port  # ValueError for a non-numeric or out-of-range port
    try:
        ascii_host = host.encode("idna").decode("ascii").lower()
    except UnicodeError as error:
        raise ValueError("host") from error
    labels = ascii_host.split(".")
    if len(labels) < 2 or not all(_HOST_LABEL.match(label) for label in labels):
        raise ValueError("host")
    if labels[-1].isdigit():
        raise ValueError("host")
    netloc = ascii_host if port in (None, 443) else f"{ascii_host}:{port}"
    path = quote(parts.path or "/", safe=_URL_SAFE)
    query = quote(parts.query, safe=_URL_SAFE + "?")
    return f"https://{netloc}{path}" + (f"?{query}" if query else "")


def validate_frame_url(value: str) -> None:
    try:
        normalize_frame_url(value)
    except ValueError as error:
        raise ValidationError(
            _(
                "Enter a game address of the form https://host/path: no spaces, no user "
                "name before the host, no other scheme than https."
            ),
            code="invalid_frame_url",
        ) from error


def validate_stat(value: str) -> None:
    """A stat is a whole percentage (0–100) or a short text for special items."""
    text = value.strip().removesuffix("%")
    if text.lstrip("-").isdigit() and not 0 <= int(text) <= 100:
        raise ValidationError(_("A percentage must be between 0 and 100."))


def is_percentage(value: str | None) -> bool:
    """A weapon stat written as a whole number ("85" or "85%"), the same in every language."""
    return (value or "").strip().removesuffix("%").strip().isdigit()


class GameQuerySet(models.QuerySet):
    def published(self) -> "GameQuerySet":
        return self.filter(published=True)


# The frame's sizes go into a style attribute: a CSS length only, never more CSS.
CSS_LENGTH = re.compile(r"^\d+(\.\d+)?(px|rem|em|vh|svh|dvh|vw|%)$")
CSS_RATIO = re.compile(r"^\d+(\.\d+)?( ?/ ?\d+(\.\d+)?)?$")
# What a game frame may be allowed (its iframe's allow attribute); the site's
# Permissions-Policy switches the rest off for every frame anyway.
FRAME_FEATURES = frozenset(
    {"fullscreen", "gamepad", "autoplay", "clipboard-write", "screen-wake-lock", "pointer-lock"}
)


def validate_css_length(value: str) -> None:
    if value.strip() and not CSS_LENGTH.match(value.strip()):
        raise ValidationError(_("Enter a size such as 600px, 40rem or 80vh."), code="length")


def validate_css_ratio(value: str) -> None:
    if value.strip() and not CSS_RATIO.match(value.strip()):
        raise ValidationError(_("Enter a ratio such as 16 / 9."), code="ratio")


def validate_frame_allow(value: str) -> None:
    features = [part.strip() for part in value.split(";") if part.strip()]
    unknown = [feature for feature in features if feature not in FRAME_FEATURES]
    if unknown:
        raise ValidationError(
            # Translators: %(features)s lists the browser features asked for that a game
            # frame may not have, %(allowed)s those it may (feature names, untranslated).
            _("Not allowed for a game frame: %(features)s. Use: %(allowed)s.")
            % {"features": ", ".join(unknown), "allowed": ", ".join(sorted(FRAME_FEATURES))},
            code="feature",
        )


def validate_free_address(value: str) -> None:
    if value and address_taken(value):
        raise ValidationError(
            # Translators: %(slug)s is the page address staff typed (the end of a URL).
            _("“%(slug)s” is already an address of the site. Choose another.") % {"slug": value},
            code="taken",
        )


def address_taken(slug: str) -> bool:
    """Whether ``/<slug>/`` is already something else than a game page: a page, the
    archive, the admin, the API, a language prefix… A game there would never be reached
    (or would hide the other), and the sitemap would list the wrong page."""
    if slug.lower() in languages.CODES or f"/{slug.lower()}/".startswith(
        languages.UNLOCALIZED_PREFIXES
    ):
        return True
    try:
        match = resolve(f"/{slug}/")
    except Resolver404:
        return True  # no URL at all reaches it (a slug with characters paths refuse)
    return match.view_name != "games:detail"


class Game(models.Model):
    slug = models.SlugField(_("address"), unique=True, validators=[validate_free_address])
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    published = models.BooleanField(_("published"), default=True)
    in_footer = models.BooleanField(
        _("in the footer"),
        default=True,
        help_text=_("List this game among the footer's links (the header shows the first three)."),
    )
    name = models.CharField(_("game name"), max_length=80)
    genre = models.CharField(_("genre"), max_length=60, blank=True)
    developer = models.CharField(_("developer"), max_length=80, blank=True)
    seo_title = models.CharField(_("SEO title"), max_length=70)
    seo_description = models.CharField(_("SEO description"), max_length=170)
    seo_keywords = models.CharField(_("SEO keywords"), max_length=255, blank=True)
    hero_title = models.CharField(_("hero title"), max_length=120)
    hero_text = models.TextField(_("hero text"))
    decorative_dots = models.PositiveSmallIntegerField(
        _("decorative dots"), default=0, validators=[MaxValueValidator(40)]
    )
    frame_anchor = models.CharField(
        _("frame anchor"), max_length=40, default="play-now", validators=[anchor_validator]
    )
    frame_heading = models.CharField(_("frame heading"), max_length=120, blank=True)
    frame_url = models.URLField(_("game address"), validators=[validate_frame_url])
    frame_title = models.CharField(_("frame title (for screen readers)"), max_length=120)
    frame_allow = models.CharField(
        _("frame permissions"),
        max_length=120,
        default="fullscreen",
        help_text=_("The iframe allow list, e.g. “gamepad; fullscreen”."),
        validators=[validate_frame_allow],
    )
    frame_height = models.CharField(
        _("frame height"), max_length=20, default="600px", validators=[validate_css_length]
    )
    frame_height_small = models.CharField(
        _("frame height on small screens"),
        max_length=20,
        blank=True,
        validators=[validate_css_length],
    )
    frame_aspect_ratio = models.CharField(
        _("frame aspect ratio"), max_length=20, blank=True, validators=[validate_css_ratio]
    )
    frame_max_height = models.CharField(
        _("frame maximum height"), max_length=20, blank=True, validators=[validate_css_length]
    )
    frame_hint = models.CharField(_("hint under the frame"), max_length=200, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Optimistic locking in the admin: every save adds one; a form opened at an older
    # version is refused (games.admin.GameForm).
    version = models.PositiveIntegerField(_("version"), default=0)
    # The same for each part edited on a page of its own (its lists: games.admin.PARTS),
    # by part: a save of the weapons does not refuse a form of the missions.
    part_versions = models.JSONField(default=dict, blank=True, editable=False)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("game page")
        verbose_name_plural = _("game pages")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:detail", args=[self.slug])

    def clean(self) -> None:
        super().clean()
        # A bad address has already been reported on the field by validate_frame_url.
        with contextlib.suppress(ValueError):
            self.frame_url = normalize_frame_url(self.frame_url)

    @property
    def frame_origin(self) -> str | None:
        """The frame's origin for the CSP header, or None for an address that is not
        valid (a row written before validation): the header stays valid ASCII."""
        try:
            parts = urlsplit(normalize_frame_url(self.frame_url))
        except ValueError:
            return None
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def frame_host(self) -> str:
        """The host the frame loads the game from, named on the button that loads it."""
        try:
            return urlsplit(self.frame_url).hostname or self.frame_url
        except ValueError:  # a row written before validation
            return self.frame_url


def item_model(kind: kinds.SectionKind) -> type[models.Model]:
    """The item model of a kind that lists items (``Game``'s related list it names)."""
    model = Game._meta.get_field(kind.items).related_model
    assert isinstance(model, type), f"{kind.value} lists no items"
    return model


class Section(models.Model):
    Kind = kinds.CHOICES  # every kind is listed in games.kinds

    class Mode(models.TextChoices):
        SINGLE = "single", _("one open at a time")
        MULTIPLE = "multiple", _("several open")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sections")
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    anchor = models.CharField(_("anchor"), max_length=40, blank=True, validators=[anchor_validator])
    heading = models.CharField(_("heading"), max_length=160, blank=True)
    body = models.TextField(
        _("text"),
        blank=True,
        help_text=_(
            "Paragraphs separated by a blank line; lines starting with “- ” make a list; **bold**."
        ),
    )
    mode = models.CharField(_("FAQ mode"), max_length=8, choices=Mode.choices, default=Mode.SINGLE)
    link_label = models.CharField(_("link label"), max_length=80, blank=True)
    link_anchor = models.CharField(
        _("link anchor"), max_length=40, blank=True, validators=[anchor_validator]
    )
    # The entry's "ref" in games/content/*.json; empty for rows staff added.
    content_key = models.CharField(max_length=60, blank=True, editable=False)

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return (
            f"{self.get_kind_display()}: {self.heading}"
            if self.heading
            else self.get_kind_display()
        )


class Item(models.Model):
    """Common shape of the ordered children of a game page."""

    order = models.PositiveSmallIntegerField(_("order"), default=0)
    # The entry's "ref" in games/content/*.json; empty for rows staff added.
    content_key = models.CharField(max_length=60, blank=True, editable=False)

    class Meta:
        abstract = True
        ordering = ["order", "id"]


class HeroButton(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hero_buttons")
    label = models.CharField(_("label"), max_length=60)
    anchor = models.CharField(_("anchor"), max_length=40, validators=[anchor_validator])

    class Meta(Item.Meta):
        verbose_name = _("hero button")
        verbose_name_plural = _("hero buttons")

    def __str__(self) -> str:
        return self.label


class FaqItem(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="faq_items")
    question = models.CharField(_("question"), max_length=255)
    answer = models.TextField(_("answer"))

    class Meta(Item.Meta):
        verbose_name = _("FAQ item")
        verbose_name_plural = _("FAQ items")

    def __str__(self) -> str:
        return self.question


class FeatureCard(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="features")
    key = models.CharField(_("id"), max_length=40, blank=True, validators=[anchor_validator])
    icon = models.CharField(_("icon (emoji)"), max_length=8, blank=True)
    title = models.CharField(_("title"), max_length=120)
    description = models.TextField(_("description"))

    class Meta(Item.Meta):
        verbose_name = _("feature card")
        verbose_name_plural = _("feature cards")

    def __str__(self) -> str:
        return self.title


class Step(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    title = models.CharField(_("title"), max_length=120)
    description = models.TextField(_("description"))

    class Meta(Item.Meta):
        verbose_name = _("how-to-play step")
        verbose_name_plural = _("how-to-play steps")

    def __str__(self) -> str:
        return self.title


class Control(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="controls")
    group = models.CharField(
        _("group"), max_length=40, blank=True, help_text=_("e.g. Keyboard, Mouse, Touch")
    )
    keys = models.CharField(_("keys"), max_length=60)
    action = models.CharField(_("action"), max_length=160)

    class Meta(Item.Meta):
        verbose_name = _("control")
        verbose_name_plural = _("controls")

    def __str__(self) -> str:
        return f"{self.keys}: {self.action}"

    @property
    def key_parts(self) -> list:
        """The keys as chips and the words between them, in the active language
        (``games.keys.parse_keys``: "Arrow keys or W A S D", "Shift + Space")."""
        from games.keys import parse_keys

        return parse_keys(self.keys)


class Tip(Item):
    class Type(models.TextChoices):
        COMBAT = "combat", _("combat")
        TIME = "time", _("time")
        MISSION = "mission", _("mission")
        MOVEMENT = "movement", _("movement")
        STRATEGY = "strategy", _("strategy")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="tips")
    key = models.CharField(_("id"), max_length=40, blank=True, validators=[anchor_validator])
    type = models.CharField(_("type"), max_length=10, choices=Type.choices, default=Type.STRATEGY)
    title = models.CharField(_("title"), max_length=120)
    description = models.TextField(_("description"))

    class Meta(Item.Meta):
        verbose_name = _("tip")
        verbose_name_plural = _("tips")

    def __str__(self) -> str:
        return self.title


STAT_WORDS = _("Only for a stat that is no percentage; leave it empty when one is given.")
STATS = ("damage", "accuracy", "range")


class Weapon(Item):
    class Category(models.TextChoices):
        PRIMARY = "Primary", _("Primary")
        SECONDARY = "Secondary", _("Secondary")
        TACTICAL = "Tactical", _("Tactical")
        EQUIPMENT = "Equipment", _("Equipment")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="weapons")
    name = models.CharField(_("name"), max_length=80)
    category = models.CharField(_("category"), max_length=10, choices=Category.choices)
    # Each stat is a percentage, one number for every language, or words ("Area
    # Effect"), translated like the name.
    damage_percent = models.PositiveSmallIntegerField(
        _("damage (%)"), null=True, blank=True, validators=[MaxValueValidator(100)]
    )
    damage = models.CharField(_("damage in words"), max_length=40, blank=True, help_text=STAT_WORDS)
    accuracy_percent = models.PositiveSmallIntegerField(
        _("accuracy (%)"), null=True, blank=True, validators=[MaxValueValidator(100)]
    )
    accuracy = models.CharField(
        _("accuracy in words"), max_length=40, blank=True, help_text=STAT_WORDS
    )
    range_percent = models.PositiveSmallIntegerField(
        _("range (%)"), null=True, blank=True, validators=[MaxValueValidator(100)]
    )
    range = models.CharField(_("range in words"), max_length=40, blank=True, help_text=STAT_WORDS)
    description = models.TextField(_("description"))

    class Meta(Item.Meta):
        verbose_name = _("weapon")
        verbose_name_plural = _("weapons")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        errors = {}
        for name in STATS:
            words = (getattr(self, name) or "").strip()
            if is_percentage(words):
                errors[name] = _("A percentage goes in its own field, once for every language.")
            elif getattr(self, f"{name}_percent") is None and not words:
                errors[name] = _("Give a percentage or words.")
        if errors:
            raise ValidationError(errors)

    @property
    def stats(self) -> list[tuple[str | Promise, str, int | None, str]]:
        """(label, value, percentage or None for words, field) for the template.

        A percentage holds in every language; words show in the visitor's language
        (English when untranslated, which the template marks through the field's name).
        """
        rows: list[tuple[str | Promise, str, int | None, str]] = []
        for label, name in (
            (_("Damage"), "damage"),
            (_("Accuracy"), "accuracy"),
            # Translators: a weapon stat: how far it reaches.
            (pgettext_lazy("weapon stat", "Range"), "range"),
        ):
            percent = getattr(self, f"{name}_percent")
            if percent is not None:
                rows.append((label, str(percent), percent, name))
            else:
                rows.append((label, (getattr(self, name) or "").strip(), None, name))
        return rows


class Mission(Item):
    class Difficulty(models.TextChoices):
        TUTORIAL = "Tutorial", _("Tutorial")
        EASY = "Easy", _("Easy")
        # Translators: a game's difficulty level, on a small label.
        MEDIUM = "Medium", pgettext_lazy("difficulty", "Medium")
        HARD = "Hard", _("Hard")
        EXPERT = "Expert", _("Expert")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="missions")
    number = models.PositiveSmallIntegerField(
        _("mission number"), validators=[MinValueValidator(1)]
    )
    title = models.CharField(_("title"), max_length=120)
    difficulty = models.CharField(_("difficulty"), max_length=10, choices=Difficulty.choices)
    objectives = models.TextField(_("objectives"), help_text=_("One objective per line."))
    description = models.TextField(_("description"))

    class Meta(Item.Meta):
        verbose_name = _("mission")
        verbose_name_plural = _("missions")

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"

    @property
    def objective_list(self) -> list[str]:
        return [line.strip() for line in self.objectives.splitlines() if line.strip()]


class EvolutionItem(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="evolutions")
    base = models.CharField(_("base Pokémon"), max_length=60)
    evolved = models.CharField(_("evolves into"), max_length=60)
    requirements = models.TextField(_("requirements"))
    benefits = models.TextField(_("benefits"))

    class Meta(Item.Meta):
        verbose_name = _("evolution chain item")
        verbose_name_plural = _("evolution chain items")

    def __str__(self) -> str:
        return f"{self.base} → {self.evolved}"


class TimelineItem(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="timeline")
    year = models.CharField(_("year"), max_length=30)
    event = models.TextField(_("event"))

    class Meta(Item.Meta):
        verbose_name = _("timeline item")
        verbose_name_plural = _("timeline items")

    def __str__(self) -> str:
        return f"{self.year}: {self.event[:40]}"


class RelatedGame(Item):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="related")
    target = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="+", verbose_name=_("linked game")
    )
    blurb = models.CharField(_("blurb"), max_length=200)

    class Meta(Item.Meta):
        verbose_name = _("related game")
        verbose_name_plural = _("related games")

    def __str__(self) -> str:
        return str(self.target)

    def clean(self) -> None:
        if self.target_id and self.target_id == self.game_id:
            raise ValidationError({"target": _("A game cannot link to itself.")})


class ContentBaseline(models.Model):
    """What ``load_games`` last wrote into one row: a digest per column (docs/content-updates.md).

    A column whose value no longer matches its digest was changed by staff and is left
    alone; a key whose row is gone was deleted by staff and is not created again.
    """

    key = models.CharField(max_length=200, unique=True)
    digests = models.JSONField(default=dict)

    def __str__(self) -> str:
        return self.key


# A page's parts: what one draft holds besides the page's own row (its revisions hold
# the same: games.admin).
PAGE_PARTS = ("sections", "hero_buttons", *(kind.items for kind in kinds.LISTS))


class Draft(models.Model):
    """Unpublished edits of a published page: the page and its parts as they would be
    (games.drafts), and as the live page was when the draft was made, so a draft that
    would undo later edits is noticed."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="draft")
    objects_data = models.JSONField()
    based_on = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("draft")
        verbose_name_plural = _("drafts")

    def __str__(self) -> str:
        return str(self.game)
