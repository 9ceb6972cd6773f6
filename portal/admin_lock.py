"""Optimistic locking of admin edits (docs/security.md "Staff edits are never lost").

A locked model has a ``version`` column. Its forms carry the version the row had when
the page was opened; a save from a page opened before someone else's save is refused
with what changed since, instead of silently overwriting it. Every save through the
admin adds one to the version, and so must any other code that edits a locked row
(the insights page's "accept spelling", bulk actions), or a stale form would win.

The change form and the changelist's editable columns use the same check.
"""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import router, transaction
from django.db.models import F, Model
from django.http import QueryDict
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.utils.translation import gettext


class VersionInput(forms.HiddenInput):
    """The hidden version, followed by its number: in the changelist it is a column of
    its own, which would otherwise be empty; on the change form its row is hidden."""

    def render(self, name, value, attrs=None, renderer=None):
        return format_html("{}{}", super().render(name, value, attrs, renderer), value or 0)


class VersionField(forms.IntegerField):
    widget = VersionInput

    def has_changed(self, initial: Any, data: Any) -> bool:
        # The version is a stamp, not an edit: a changelist row whose only difference is
        # a newer version was not edited by this person, and is neither saved nor checked.
        return False


def conflict_message(
    obj: Model, seen: int, current: int, concerns: Callable[[LogEntry], bool] | None = None
) -> str:
    """What happened since the form was opened: the admin history of the newer saves
    (those ``concerns`` accepts: a form that locks one part of a row names its saves)."""
    recent = LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(obj),
        object_id=str(obj.pk),
        action_flag=CHANGE,
    ).select_related("user")[:HISTORY_SCAN]
    entries = [entry for entry in recent if concerns is None or concerns(entry)]
    entries = entries[: max(current - seen, 1)]
    changes = "; ".join(
        # Translators: one change in a list; %(user)s is a staff member's name, %(time)s a
        # time of day, %(change)s what they changed.
        gettext("%(user)s at %(time)s: %(change)s")
        % {
            "user": entry.user.get_username(),
            "time": date_format(localtime(entry.action_time), "DATETIME_FORMAT"),
            "change": entry.get_change_message() or gettext("No fields changed."),
        }
        for entry in reversed(entries)
    )
    return gettext(
        # Translators: %(changes)s is a list of the other saves (user, time, change).
        "This page was saved by someone else after you opened it (%(changes)s). Your "
        "changes were not saved, so as not to overwrite theirs. The form still holds "
        "what you typed: check it against their changes, then save again to apply it."
    ) % {"changes": changes or "—"}


# How far back the history is read for the saves a refused form missed.
HISTORY_SCAN = 50


class VersionLockedForm(forms.ModelForm):
    """Refuses a save when the row's version is no longer the one the form was opened at."""

    version = VersionField(required=False)
    # The changelist validates every row it shows: only the rows staff edited are
    # checked, so someone else's save of another row does not refuse the whole page.
    # The change form is always checked: its inlines may hold the edits.
    edited_rows_only = False

    def current_version(self) -> int | None:
        """The version this form is checked against, read under a row lock that holds
        until the save commits (PostgreSQL); the admin saves in one transaction, so a
        second editor waits here and then sees the new version. A form that edits one
        part of a row (a game page's list) counts that part's saves only."""
        return (
            type(self.instance)
            ._default_manager.select_for_update()
            .filter(pk=self.instance.pk)
            .values_list("version", flat=True)
            .first()
        )

    def concerns(self, entry: LogEntry) -> bool:
        """Whether an admin history entry is a save of what this form edits."""
        return True

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.instance.pk is None or (self.edited_rows_only and not self.has_changed()):
            return cleaned
        seen = cleaned.get("version")
        current = self.current_version()
        if seen is not None and current is not None and seen != current:
            # The form comes back with what was typed and the current version: once the
            # editor has checked the other save, saving again applies the typed values.
            data = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
            data[self.add_prefix("version")] = str(current)
            self.data = data
            raise forms.ValidationError(
                conflict_message(self.instance, seen, current, self.concerns), code="stale"
            )
        return cleaned


class ChangelistVersionLockedForm(VersionLockedForm):
    edited_rows_only = True


class VersionLockedAdmin(admin.ModelAdmin):
    """A model admin whose saves go through the lock; list ``version`` among the change
    form's fields, and with ``list_editable`` in ``list_display`` and ``list_editable``
    too, so each row carries its version."""

    def get_changelist_form(self, request, **kwargs):
        kwargs.setdefault("form", ChangelistVersionLockedForm)
        return super().get_changelist_form(request, **kwargs)

    def changelist_view(self, request, extra_context=None):
        if request.method != "POST":
            return super().changelist_view(request, extra_context)
        # Django validates the rows before it opens the transaction that saves them:
        # without this one, the rows' locks would be released before their saves.
        with transaction.atomic(using=router.db_for_write(self.model)):
            return super().changelist_view(request, extra_context)

    def save_model(self, request, obj, form, change):
        if change:
            obj.version = F("version") + 1
        super().save_model(request, obj, form, change)
        if change:
            obj.refresh_from_db(fields=["version"])
