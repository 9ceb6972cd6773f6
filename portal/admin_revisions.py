"""Revisions in the admin (django-reversion): the history lists every save; a revision
opens a comparison of its values with the current ones, field by field and language by
language, for the row and the parts it follows, with one button to revert to it. A
deleted row is recovered the same way from the "Recover deleted" list.

A revert is a staff edit: it saves a new revision and a history entry, and counts as a
save for the edit lock (portal.admin_lock), so a form opened before it is refused.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from django.contrib import messages
from django.contrib.admin.utils import quote, unquote
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext
from reversion import add_to_revision, create_revision, set_comment, set_user
from reversion.admin import VersionAdmin
from reversion.errors import RevertError
from reversion.models import Version

if TYPE_CHECKING:
    from django.template.response import _TemplateForResponseT

# A row's bookkeeping, not its content: never compared, and kept as it is by a revert.
BOOKKEEPING = ("version", "updated_at", "import_digests", "part_versions")


@dataclass
class Difference:
    field: str
    then: str
    now: str


@dataclass
class ObjectDifferences:
    label: str
    fields: list[Difference]


def _shown(field: models.Field, value: Any) -> str:
    if value in (None, ""):
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.ForeignKey):
        target = field.related_model._default_manager.filter(pk=value).first()
        return str(target or value)
    if isinstance(value, list):
        return "\n".join(map(str, value))
    return str(value)


def _compared_fields(model: type[models.Model]) -> list[models.Field]:
    """The fields staff edit: a translated field by its languages only."""
    fields = model._meta.concrete_fields
    translated = {getattr(f, "translated_field", None) for f in fields}
    return [
        f for f in fields if not f.primary_key and f.name not in BOOKKEEPING and f not in translated
    ]


def differences(version: Version, live: list[models.Model]) -> list[ObjectDifferences]:
    """What differs between a revision and ``live`` (the row and its parts now), per
    object and field; objects only in one of them are compared with nothing."""
    then = {
        (v.content_type.model_class(), v.object_id): v for v in version.revision.version_set.all()
    }
    now = {(type(obj), str(obj.pk)): obj for obj in live}
    found = []
    for key in [*then, *(key for key in now if key not in then)]:
        model, _pk = key
        if model is None:
            continue
        old, new = then.get(key), now.get(key)
        old_values = old.field_dict if old else {}
        rows = [
            Difference(
                str(field.verbose_name),
                _shown(field, old_values.get(field.attname)),
                _shown(field, field.value_from_object(new) if new else None),
            )
            for field in _compared_fields(model)
        ]
        rows = [row for row in rows if row.then != row.now]
        if rows:
            name = str(new) if new else old.object_repr if old else ""
            found.append(ObjectDifferences(f"{model._meta.verbose_name}: {name}", rows))
    return found


class RevisionAdmin(VersionAdmin):
    """A model admin with revisions: compare, revert, recover (see the module docstring)."""

    object_history_template: ClassVar["_TemplateForResponseT | None"] = (
        "admin/revisions/object_history.html"
    )
    change_list_template: ClassVar["_TemplateForResponseT | None"] = (
        "admin/revisions/change_list.html"
    )
    recover_list_template = "admin/revisions/recover_list.html"
    history_latest_first = True

    def live_objects(self, obj: models.Model) -> list[models.Model]:
        """The row and the parts its revisions hold."""
        return [obj]

    def reverted_bookkeeping(self, before: dict[str, Any]) -> dict[str, Any]:
        """The bookkeeping columns after a revert, from their values before it."""
        return {**before, "version": before.get("version", 0) + 1, "updated_at": timezone.now()}

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if request.method == "POST":
            obj = self.get_object(request, unquote(object_id))
            if obj is not None:
                self.keep_first_revision(request, obj)
        return super().change_view(request, object_id, form_url, extra_context)

    def keep_first_revision(self, request: HttpRequest, obj: models.Model) -> None:
        """Before the first revision of a row saved elsewhere (setup, imports), one of it
        as it is, so the first edit can be reverted too."""
        if not Version.objects.get_for_object(obj).exists():
            with create_revision():
                add_to_revision(obj)
                set_comment(gettext("As it was before its first edit here."))

    def recoverlist_view(self, request, extra_context=None):
        return super().recoverlist_view(request, {"title": gettext("Recover deleted")})

    def revision_view(self, request, object_id, version_id, extra_context=None):
        version = get_object_or_404(Version, pk=version_id, object_id=unquote(object_id))
        return self._revision_page(request, version, recover=False)

    def recover_view(self, request, version_id, extra_context=None):
        if not self.has_add_permission(request):
            raise PermissionDenied
        version = get_object_or_404(Version.objects.get_deleted(self.model), pk=version_id)
        return self._revision_page(request, version, recover=True)

    def _revision_page(self, request: HttpRequest, version: Version, recover: bool) -> HttpResponse:
        if not self.has_change_permission(request):
            raise PermissionDenied
        obj = self.model._default_manager.filter(pk=version.object_id).first()
        date = date_format(localtime(version.revision.date_created), "DATETIME_FORMAT")
        if request.method == "POST":
            return self._revert(request, version, date)
        opts = self.model._meta
        context = {
            **self.admin_site.each_context(request),
            "opts": opts,
            "original": obj,
            "recover": recover,
            "version": version,
            # Translators: the title of a page showing one saved version; %(date)s is when.
            "title": gettext("Revision of %(date)s") % {"date": date},
            "differences": differences(version, self.live_objects(obj) if obj else []),
        }
        return TemplateResponse(request, "admin/revisions/revision.html", context)

    def rewrite(self, pk: Any, change: Callable[[], object]) -> models.Model:
        """The row after ``change`` rewrote it (a revert, a draft published), its
        bookkeeping set as ``reverted_bookkeeping`` says. Call inside a transaction."""
        rows = self.model._default_manager.filter(pk=pk)
        kept = [f.name for f in self.model._meta.concrete_fields if f.name in BOOKKEEPING]
        before = rows.values(*kept).first() or {}
        change()
        rows.update(**self.reverted_bookkeeping(before))
        return rows.get()

    def _revert(self, request: HttpRequest, version: Version, date: str) -> HttpResponse:
        try:
            with transaction.atomic(), create_revision():
                obj = self.rewrite(version.object_id, lambda: version.revision.revert(delete=True))
                add_to_revision(obj)
                set_user(request.user)
                # Translators: %(date)s is when the revision an editor went back to was saved.
                message = gettext("Reverted to the revision of %(date)s.") % {"date": date}
                self.log_change(request, obj, message)
                set_comment(message)
        except (RevertError, models.ProtectedError) as error:
            messages.error(request, str(error))
            return HttpResponseRedirect(request.path)
        messages.success(request, message)
        opts = self.model._meta
        return HttpResponseRedirect(
            reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[quote(obj.pk)])
        )

    def delete_model(self, request, obj):
        self._keep_before_deleting(request, [obj])
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        self._keep_before_deleting(request, list(queryset))
        super().delete_queryset(request, queryset)

    def _keep_before_deleting(self, request: HttpRequest, objs: list[models.Model]) -> None:
        """A revision of what is deleted, so the "Recover deleted" list can bring it
        back, with its parts (rows saved before revisions existed have none)."""
        with create_revision():
            set_user(request.user)
            for obj in objs:
                add_to_revision(obj)
