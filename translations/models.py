"""Translations saved in Rosetta, kept in the database so they survive a deploy and
reach every worker on every node (docs/translations.md)."""

from typing import TYPE_CHECKING

from django.conf import settings
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
