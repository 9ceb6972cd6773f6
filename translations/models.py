"""Translations saved in Rosetta, kept in the database so they survive a deploy and
reach every worker on every node (docs/translations.md)."""

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from translations import rules

if TYPE_CHECKING:
    import polib


class TranslationOverride(models.Model):
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)
    msgctxt = models.CharField(_("context"), max_length=255, blank=True)
    msgid = models.TextField(_("source text"))
    msgid_plural = models.TextField(_("source plural"), blank=True)
    msgstr = models.TextField(_("translation"), blank=True)
    msgstr_plural = models.JSONField(_("plural translations"), default=dict, blank=True)
    fuzzy = models.BooleanField(
        _("needs review (fuzzy)"),
        default=False,
        help_text=_("A fuzzy translation is kept for the translator but never shown."),
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("saved by"),
    )
    updated_at = models.DateTimeField(_("saved at"), auto_now=True, db_index=True)

    class Meta:
        verbose_name = _("saved translation")
        verbose_name_plural = _("saved translations")
        ordering = ["language", "msgid"]
        constraints = [
            models.UniqueConstraint(
                fields=["language", "msgctxt", "msgid"], name="translation_override_unique"
            )
        ]

    def __str__(self) -> str:
        return f"[{self.language}] {self.msgid[:60]}"

    def clean(self) -> None:
        errors = rules.explain(self.problems(), self.msgid)
        if errors:
            raise ValidationError({"msgstr": errors})

    def problems(self) -> list[str]:
        """What this translation breaks of its source (``translations.rules``)."""
        texts = self.msgstr_plural.values() if self.msgid_plural else [self.msgstr]
        return rules.entry_problems(self.msgid, self.msgid_plural, texts)

    def apply_to(self, entry: "polib.POEntry") -> None:
        """Write this saved translation, and its fuzzy flag, into a catalogue entry."""
        if self.msgid_plural:
            entry.msgstr_plural = {int(k): v for k, v in self.msgstr_plural.items()}
        else:
            entry.msgstr = self.msgstr
        if self.fuzzy and "fuzzy" not in entry.flags:
            entry.flags.append("fuzzy")
        elif not self.fuzzy and "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")


class FieldInLanguage(models.Model):
    """One translated field of one row of a game page, in one language."""

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)
    object_id = models.PositiveIntegerField()
    field = models.CharField(max_length=60)
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)

    class Meta:
        abstract = True


class ContentTranslation(FieldInLanguage):
    """The English text one translated field of a game page was translated from
    (docs/translations.md "Game pages"): the translation is outdated while the English
    differs. A field without a row is up to date; rows appear when the English changes
    or the translation is saved (``translations.content``)."""

    source = models.TextField(_("English text translated"), blank=True)

    class Meta:
        verbose_name = _("game page translation")
        verbose_name_plural = _("game page translations")
        constraints = [
            models.UniqueConstraint(
                fields=["content_type", "object_id", "field", "language"],
                name="content_translation_unique",
            )
        ]
        permissions = [
            ("translate_content", _("Can translate game pages")),
            ("review_content", _("Can review translations of game pages")),
        ]

    def __str__(self) -> str:
        return f"[{self.language}] {self.content_type} {self.object_id} {self.field}"


class LanguageReview(models.Model):
    """Whether translators' saves in one language wait for a reviewer."""

    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES[1:], unique=True
    )
    required = models.BooleanField(
        _("review required"),
        default=True,
        help_text=_("Translators' changes wait as suggestions until a reviewer approves them."),
    )

    class Meta:
        verbose_name = _("review of a language")
        verbose_name_plural = _("reviews by language")
        ordering = ["language"]

    def __str__(self) -> str:
        return self.get_language_display()

    @classmethod
    def required_for(cls, language: str) -> bool:
        return cls.objects.filter(language=language, required=True).exists()


class Suggestion(FieldInLanguage):
    """A translator's text for one field, waiting for a reviewer (``LanguageReview``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for review")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")

    text = models.TextField(_("suggested translation"))
    source = models.TextField(_("English text translated"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    note = models.TextField(_("reviewer's note"), blank=True)
    suggested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    suggested_at = models.DateTimeField(auto_now_add=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("translation suggestion")
        verbose_name_plural = _("translation suggestions")
        ordering = ["suggested_at", "id"]

    def __str__(self) -> str:
        return f"[{self.language}] {self.field}: {self.text[:60]}"

    @property
    def target(self) -> models.Model | None:
        model = self.content_type.model_class()
        assert model is not None
        return model._default_manager.filter(pk=self.object_id).first()
