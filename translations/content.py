"""Game-page text in translation (docs/translations.md "Game pages").

Every translated field of a game page is *done*, *outdated* (its English changed since
it was translated) or *missing* in each language. ``ContentTranslation`` keeps the
English a translation was made from; one signal, on every save of the registered
models (the admin, ``load_games``, the translator's page), keeps it current. A
translator's text goes live at once, or waits as a ``Suggestion`` in a language whose
``LanguageReview`` is on.
"""

import difflib
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models, transaction
from django.db.models import F
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.text import normalize_newlines
from django.utils.translation import pgettext_lazy
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname as localized

from games.admin import PARTS, count_part_save
from games.models import Game
from translations.models import ContentTranslation, LanguageReview, Suggestion

SOURCE = "en"
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != SOURCE]


class Status(models.TextChoices):
    # Translators: a translated field's state, on a small label and a column heading.
    MISSING = "missing", pgettext_lazy("translation status", "missing")
    # Translators: a translated field's state: its English changed since it was translated.
    OUTDATED = "outdated", pgettext_lazy("translation status", "outdated")
    # Translators: a translated field's state: translated and up to date.
    DONE = "done", pgettext_lazy("translation status", "done")


def page_models() -> list[type[models.Model]]:
    """The translated models of the game pages: ``Game``, then its parts."""
    found = [m for m in translator.get_registered_models() if m._meta.app_label == "games"]
    return sorted(found, key=lambda model: model is not Game)


def fields_of(model: type[models.Model]) -> list[str]:
    return list(translator.get_options_for_model(model).all_fields)


def status(english: str, text: str, source: str | None) -> Status:
    if not text:
        return Status.MISSING
    return Status.OUTDATED if source is not None and source != english else Status.DONE


@dataclass
class Entry:
    """One translated field of one row, in one language."""

    game_id: int
    obj: models.Model
    field: str
    language: str
    english: str
    text: str
    source: str | None  # the English it was translated from, when recorded
    pending: Suggestion | None = None
    rejected: Suggestion | None = None

    @property
    def status(self) -> Status:
        return status(self.english, self.text, self.source)

    @property
    def key(self) -> str:
        return f"{self.obj._meta.model_name}-{self.obj.pk}-{self.field}"

    @property
    def label(self) -> str:
        name = verbose_name(self.obj, self.field)
        return name if isinstance(self.obj, Game) else f"{self.obj._meta.verbose_name} · {name}"

    @property
    def changes(self) -> SafeString:
        """The current English, with what changed since the translation marked."""
        return english_changes(self.source or self.english, self.english)


def verbose_name(obj: models.Model, field: str) -> str:
    found = obj._meta.get_field(field)
    assert isinstance(found, models.Field)
    return str(found.verbose_name)


def english_changes(before: str, after: str) -> SafeString:
    """``after`` with the words ``before`` lacked in ``<ins>``, those it dropped in ``<del>``."""
    old, new = re.split(r"(\s+)", before), re.split(r"(\s+)", after)
    parts: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new).get_opcodes():
        if op in ("replace", "delete"):
            parts.append(("del", "".join(old[i1:i2])))
        if op in ("replace", "insert"):
            parts.append(("ins", "".join(new[j1:j2])))
        if op == "equal":
            parts.append(("", "".join(new[j1:j2])))
    return format_html_join(
        "",
        "{}",
        ((format_html("<{0}>{1}</{0}>", tag, text) if tag else text,) for tag, text in parts),
    )


def _rows(games: list[Game]) -> Iterator[tuple[int, models.Model]]:
    ids = [game.pk for game in games]
    for model in page_models():
        if model is Game:
            yield from ((game.pk, game) for game in games)
            continue
        for row in model._default_manager.filter(game__in=ids).order_by("game", "order", "id"):
            yield row.game_id, row  # type: ignore[attr-defined]


def entries(games: Iterable[Game], languages: list[str]) -> list[Entry]:
    """Every translated field with English text of these pages, in these languages."""
    games = list(games)
    types = ContentType.objects.get_for_models(*page_models())
    sources = {
        (row.content_type_id, row.object_id, row.field, row.language): row.source
        for row in ContentTranslation.objects.filter(
            language__in=languages, content_type__in=types.values()
        )
    }
    found = []
    for game_id, obj in _rows(games):
        type_id = types[type(obj)].pk
        for field in fields_of(type(obj)):
            english = getattr(obj, localized(field, SOURCE)) or ""
            if not english:
                continue  # nothing to translate
            for code in languages:
                text = getattr(obj, localized(field, code)) or ""
                source = sources.get((type_id, obj.pk, field, code))
                found.append(Entry(game_id, obj, field, code, english, text, source))
    return found


def attach_suggestions(found: list[Entry]) -> None:
    """Each entry's pending suggestion and last rejected one (with the reviewer's note)."""
    by_key = {(e.obj._meta.model_name, e.obj.pk, e.field, e.language): e for e in found}
    languages = {e.language for e in found}
    open_ones = Suggestion.objects.filter(language__in=languages).exclude(
        status=Suggestion.Status.APPROVED
    )
    for suggestion in open_ones.select_related("content_type"):
        key = (
            suggestion.content_type.model,
            suggestion.object_id,
            suggestion.field,
            suggestion.language,
        )
        if entry := by_key.get(key):
            if suggestion.status == Suggestion.Status.PENDING:
                entry.pending = suggestion
            else:
                entry.rejected = suggestion


def problems(obj: models.Model, field: str, language: str, text: str) -> list[str]:
    """What the admin would refuse in this translation: the model field's own checks and
    the model's ``clean()``, which reads the translation's language (a weapon's stat in
    words, …). ``text`` is set on ``obj``."""
    column = localized(field, language)
    setattr(obj, column, text)
    others = [f.name for f in obj._meta.fields if f.name != column]
    try:
        with translation.override(language):
            obj.full_clean(exclude=others, validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        found = error.message_dict  # read out of the override: in the admin's language
        return [m for key in (column, field, NON_FIELD_ERRORS) for m in found.get(key, [])]
    return []


def clean_text(text: str) -> str:
    """As the admin stores typed text: LF line breaks, no surrounding blanks."""
    return normalize_newlines(text).strip()


def save(user: User, entry: Entry, text: str) -> bool:
    """Save a translator's text: live, or as a suggestion where review is on. Returns
    whether it went live."""
    if LanguageReview.required_for(entry.language):
        where = _where(entry.obj, entry.field, entry.language)
        Suggestion.objects.filter(**where).exclude(status=Suggestion.Status.APPROVED).delete()
        Suggestion.objects.create(**where, text=text, source=entry.english, suggested_by=user)
        return False
    apply(user, entry.obj, entry.field, entry.language, text, entry.english)
    return True


def approve(reviewer: User, suggestion: Suggestion) -> list[str]:
    """Make a suggestion live, unless the admin would now refuse it (returned)."""
    obj = suggestion.target
    if obj is None:
        suggestion.delete()
        return []
    found = problems(obj, suggestion.field, suggestion.language, suggestion.text)
    if found:
        return found
    with transaction.atomic():
        apply(
            reviewer, obj, suggestion.field, suggestion.language, suggestion.text, suggestion.source
        )
        suggestion.status = Suggestion.Status.APPROVED
        suggestion.reviewed_by = reviewer
        suggestion.save(update_fields=["status", "reviewed_by"])
    return []


def reject(reviewer: User, suggestion: Suggestion, note: str) -> None:
    suggestion.status = Suggestion.Status.REJECTED
    suggestion.reviewed_by = reviewer
    suggestion.note = note
    suggestion.save(update_fields=["status", "reviewed_by", "note"])


def _where(obj: models.Model, field: str, language: str) -> dict:
    return {
        "content_type": ContentType.objects.get_for_model(obj),
        "object_id": obj.pk,
        "field": field,
        "language": language,
    }


def record_source(obj: models.Model, field: str, language: str, source: str) -> None:
    ContentTranslation.objects.update_or_create(
        **_where(obj, field, language), defaults={"source": source}
    )


def apply(
    user: User,
    obj: models.Model,
    field: str,
    language: str,
    text: str,
    source: str | None = None,
) -> None:
    """Write a translation live with the model's ``save()``, as the admin does; count
    it as an edit of its part of the page (its edit lock, portal.admin_lock) and log it
    in the page's history. ``source``: the English it was translated from."""
    column = localized(field, language)
    setattr(obj, column, text)
    stamped = [f.name for f in obj._meta.concrete_fields if getattr(f, "auto_now", False)]
    with transaction.atomic():
        obj.save(update_fields=[column, *stamped])
        if source is not None:
            record_source(obj, field, language, source)
        _count_edit(user, obj, field, language)


def _count_edit(user: User, obj: models.Model, field: str, language: str) -> None:
    meta = obj._meta
    with translation.override(None):  # the admin's history is kept in English
        name = f"{verbose_name(obj, field)} [{language}]"
        change: dict[str, dict[str, object]]
        if isinstance(obj, Game):
            game = obj
            Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
            change = {"changed": {"fields": [name]}}
        else:
            game = Game.objects.get(pk=obj.game_id)  # type: ignore[attr-defined]
            part = next(
                p
                for p, (inlines, _r) in PARTS.items()
                if any(i.model is type(obj) for i in inlines)
            )
            count_part_save(game.pk, part)
            change = {
                "changed": {"name": str(meta.verbose_name), "object": str(obj), "fields": [name]}
            }
    LogEntry.objects.create(
        user=user,
        content_type=ContentType.objects.get_for_model(Game),
        object_id=str(game.pk),
        object_repr=str(game)[:200],
        action_flag=CHANGE,
        change_message=json.dumps([change]),
    )


def track_sources(
    sender: type[models.Model],
    instance: models.Model,
    update_fields: Iterable[str] | None = None,
    **kwargs: object,
) -> None:
    """Before any save of a translated row: a translation saved with it is up to date
    with the new English; one left as it was while its English changes keeps the old
    English as its source, and so becomes outdated. Raw saves count too (a revision
    restored, a fixture): they change the text as much as any other."""
    if instance.pk is None:
        return
    saved = set(update_fields) if update_fields is not None else None
    codes = (SOURCE, *LANGUAGES)

    def written(column: str) -> bool:
        return saved is None or column in saved

    fields = [f for f in fields_of(sender) if any(written(localized(f, c)) for c in codes)]
    columns = [localized(field, code) for field in fields for code in codes]
    old = (
        sender._default_manager.filter(pk=instance.pk).values(*columns).first() if fields else None
    )
    if old is None:
        return

    def new(column: str) -> str:
        return (getattr(instance, column) if written(column) else old[column]) or ""

    for field in fields:
        english = localized(field, SOURCE)
        english_changed = new(english) != (old[english] or "")
        for code in LANGUAGES:
            column = localized(field, code)
            text = new(column)
            if text and text != (old[column] or ""):
                record_source(instance, field, code, new(english))
            elif text and english_changed:
                ContentTranslation.objects.get_or_create(
                    **_where(instance, field, code), defaults={"source": old[english] or ""}
                )


def forget(sender: type[models.Model], instance: models.Model, **kwargs: object) -> None:
    """A deleted row takes its translation records and suggestions with it."""
    row = {"content_type": ContentType.objects.get_for_model(instance), "object_id": instance.pk}
    ContentTranslation.objects.filter(**row).delete()
    Suggestion.objects.filter(**row).delete()


def connect() -> None:
    from django.db.models.signals import post_delete, pre_save

    for model in page_models():
        uid = f"translations-{model._meta.label_lower}"
        pre_save.connect(track_sources, sender=model, dispatch_uid=uid)
        post_delete.connect(forget, sender=model, dispatch_uid=uid)
