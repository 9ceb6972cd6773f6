"""Content staff edit a game page in parts: the page's own fields on its change page,
and each list (sections, FAQ, features, …) on a page of its own, linked from it.
Every save is a revision of the page with its parts (portal.admin_revisions); an edit of
a published page can be saved as a draft instead, previewed, then published or
discarded (games.drafts).

Every list is ordered by drag and drop (django-admin-sortable2); a save made from a form
or the list opened before someone else's save of the same part is refused and shown
again with what was typed (optimistic locking on ``Game.version``, and on
``Game.part_versions`` for the lists, portal.admin_lock); translated inputs carry
``lang`` and ``dir`` (portal.admin_i18n).
"""

import json
from typing import Any

from adminsortable2.admin import (
    SortableAdminBase,
    SortableInlineAdminMixin,
    SortableStackedInline,
    SortableTabularInline,
)
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.models import LogEntry
from django.contrib.admin.options import InlineModelAdmin
from django.contrib.admin.widgets import AdminTextareaWidget
from django.core.exceptions import PermissionDenied
from django.db import models as db_models
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone, translation
from django.utils.html import format_html, format_html_join
from django.utils.text import capfirst, normalize_newlines
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import (
    TabbedTranslationAdmin,
    TranslationStackedInline,
    TranslationTabularInline,
)
from reversion import add_to_revision, is_active

from games import drafts, kinds, models, views
from portal.admin_i18n import TranslatedInputsMixin
from portal.admin_lock import VersionLockedAdmin, VersionLockedForm
from portal.admin_revisions import RevisionAdmin

RICH_TEXT = _(
    "Paragraphs separated by a blank line; lines starting with “- ” make a list; **bold**."
)
# Labels that say which address is which, and what a section kind shows.
LABELS = {
    "slug": (_("page address"), _("The end of the page's URL: vex5 gives /vex5/.")),
    "frame_url": (
        _("game address (embedded frame)"),
        _(
            "The game itself, as https://host/path. Its host is allowed in this page's "
            "Content Security Policy automatically."
        ),
    ),
    "kind": (
        None,
        _(
            "Game frame, ad slot and text show this section's own text; every other kind "
            "lists the page's items of that kind (FAQ items, feature cards, steps, …) "
            "under this heading, in their drag-and-drop order."
        ),
    ),
}


class TextArea(AdminTextareaWidget):
    """Browsers post a textarea's line breaks as CRLF (the HTML form encoding); stored
    text keeps LF, as the content files do. Read that way, a field nobody edited is no
    change: its history stays quiet and ``load_games`` still updates it."""

    def value_from_datadict(self, data, files, name):
        value = super().value_from_datadict(data, files, name)
        return normalize_newlines(value) if isinstance(value, str) else value


class StaffFieldsMixin(TranslatedInputsMixin):
    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if isinstance(db_field, db_models.TextField):
            kwargs.setdefault("widget", TextArea)
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if field is None:
            return field
        base = getattr(db_field, "translated_field", db_field)
        label, help_text = LABELS.get(base.name, (None, None))
        if label:
            field.label = capfirst(label)
        if help_text:
            field.help_text = help_text
        elif isinstance(base, db_models.TextField) and not field.help_text:
            field.help_text = RICH_TEXT
        return field


class OrderedTabular(StaffFieldsMixin, SortableInlineAdminMixin, TranslationTabularInline):
    extra = 0
    ordering = ["order", "id"]
    template = SortableTabularInline.template  # the mixin alone keeps Django's template


class OrderedStacked(StaffFieldsMixin, SortableInlineAdminMixin, TranslationStackedInline):
    extra = 0
    ordering = ["order", "id"]
    template = SortableStackedInline.template


class HeroButtonInline(OrderedTabular):
    model = models.HeroButton


class SectionInline(OrderedStacked):
    model = models.Section
    fields = ["order", "kind", "anchor", "heading", "body", "mode", "link_label", "link_anchor"]


class RelatedInline(OrderedTabular):
    model = models.RelatedGame
    fk_name = "game"
    autocomplete_fields = ["target"]


def _inline(kind: kinds.SectionKind) -> type:
    """The inline editing a list kind's items (games.kinds)."""
    model = models.item_model(kind)
    if model is models.RelatedGame:
        return RelatedInline
    base = OrderedTabular if kind.tabular else OrderedStacked
    return type(f"{model.__name__}Inline", (base,), {"model": model, "__module__": __name__})


# Each part of a game page, by its URL segment: its inlines and the game's related name
# for their rows.
PARTS: "dict[str, tuple[list[type[InlineModelAdmin[Any, Any]]], str]]" = {
    "sections": ([SectionInline, HeroButtonInline], "sections"),
    **{kind.value: ([_inline(kind)], kind.items) for kind in kinds.LISTS},
}


STALE_DRAFT = _(
    "The page changed after this draft was made: publishing it would undo those changes. "
    "Check the draft's preview, then publish it anyway or discard it."
)


def count_part_save(game_id: int, part: str) -> dict[str, int]:
    """One more save of a part of the page, for that part's edit lock (portal.admin_lock),
    read and written under the page row's lock; returns the page's new counts."""
    rows = models.Game.objects.filter(pk=game_id)
    current = rows.select_for_update().values_list("part_versions", flat=True).first() or {}
    versions = {**current, part: current.get(part, 0) + 1}
    rows.update(part_versions=versions, updated_at=timezone.now())
    return versions


class GameForm(VersionLockedForm):
    """A game page's own fields, behind the edit lock (portal.admin_lock); on a part's
    page (GameAdmin.part_view), the lock of that part only."""

    part: str | None = None  # set by GameAdmin.get_form on a part's page

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.part and self.instance.pk:
            self.initial["version"] = self.instance.part_versions.get(self.part, 0)

    def current_version(self) -> int | None:
        if not self.part:
            return super().current_version()
        versions = (
            models.Game.objects.select_for_update()
            .filter(pk=self.instance.pk)
            .values_list("part_versions", flat=True)
            .first()
        )
        return None if versions is None else versions.get(self.part, 0)

    def concerns(self, entry: LogEntry) -> bool:
        # A part's saves name its lists' rows (in English: Django logs untranslated);
        # a save of the page's own fields names none.
        try:
            changes = json.loads(entry.change_message or "[]")
        except json.JSONDecodeError:
            return True
        names = (
            {str(inline.model._meta.verbose_name) for inline in PARTS[self.part][0]}
            if self.part
            else {None}
        )
        return any(
            isinstance(detail, dict) and detail.get("name") in names
            for change in changes
            if isinstance(change, dict)
            for detail in change.values()
        )


@admin.register(models.Game)
class GameAdmin(
    RevisionAdmin, VersionLockedAdmin, StaffFieldsMixin, SortableAdminBase, TabbedTranslationAdmin
):
    form = GameForm
    # Every list's inline, so that django-reversion registers the page with its parts
    # and each revision holds them all; a page shows its part's inlines only.
    inlines = [inline for inlines, _related in PARTS.values() for inline in inlines]
    change_form_template = "admin/games/game/change_form.html"
    list_display = ["name", "slug", "order", "published", "in_footer", "updated_at", "version"]
    # "version" carries each row's edit lock (portal.admin_lock).
    list_editable = ["order", "published", "in_footer", "version"]
    list_filter = ["published", "in_footer", "genre", "updated_at"]
    search_fields = ["name", "slug", "seo_title", "hero_title", "developer"]
    view_on_site = True
    save_on_top = True
    readonly_fields = ["page_contents"]

    class Media:
        js = ["games/admin/language_switch.js", "games/admin/sortable_new_rows.js"]
        css = {"all": ["games/admin/admin.css"]}

    formfield_overrides = {db_models.URLField: {"assume_scheme": "https"}}
    fieldsets = [
        (None, {"fields": ["page_contents", "version"]}),
        (
            _("game page"),
            {"fields": ["name", "slug", "order", "published", "in_footer", "genre", "developer"]},
        ),
        ("SEO", {"fields": ["seo_title", "seo_description", "seo_keywords"]}),
        ("Hero", {"fields": ["hero_title", "hero_text", "decorative_dots"]}),
        (
            _("game frame"),
            {
                "fields": [
                    "frame_url",
                    "frame_title",
                    "frame_heading",
                    "frame_anchor",
                    "frame_allow",
                    "frame_height",
                    "frame_height_small",
                    "frame_aspect_ratio",
                    "frame_max_height",
                    "frame_hint",
                ]
            },
        ),
    ]

    def get_urls(self):
        info = self.opts.app_label, self.opts.model_name
        view = self.admin_site.admin_view
        return [
            path(
                "<path:object_id>/part/<slug:part>/",
                view(self.part_view),
                name="{}_{}_part".format(*info),
            ),
            path(
                "<path:object_id>/draft/publish/",
                view(self.publish_view),
                name="{}_{}_publish".format(*info),
            ),
            path(
                "<path:object_id>/draft/discard/",
                view(self.discard_view),
                name="{}_{}_discard".format(*info),
            ),
            path(
                "<path:object_id>/draft/<str:language>/",
                view(self.preview_view),
                name="{}_{}_preview".format(*info),
            ),
            *super().get_urls(),
        ]

    def get_changeform_initial_data(self, request):
        # A new page is published by choice, once it holds something.
        return {"published": False, **super().get_changeform_initial_data(request)}

    def live_objects(self, obj):
        return drafts.rows(obj)

    def reverted_bookkeeping(self, before):
        # Every part counts a save: a form of any list opened before is refused.
        parts = before.get("part_versions") or {}
        return {
            **super().reverted_bookkeeping(before),
            "part_versions": {part: parts.get(part, 0) + 1 for part in PARTS},
        }

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # The revision holds the page as saved, with its parts (a part's page saves
        # no page row, and the revision would hold the changed rows only). A draft's
        # save makes none.
        if is_active():
            add_to_revision(form.instance)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if request.method == "POST" and "_draft" in request.POST:
            return self._save_draft(request, object_id, extra_context)
        return super().change_view(request, object_id, form_url, extra_context)

    def _save_draft(self, request, object_id, extra_context):
        """The form saved, kept as the page's draft, and undone on the live page."""
        game = get_object_or_404(models.Game, pk=object_id)
        change = reverse("admin:games_game_change", args=[game.pk])
        if models.Draft.objects.filter(game=game).exists():
            messages.error(
                request, gettext("This page already has a draft: publish or discard it first.")
            )
            return HttpResponseRedirect(change)
        live = drafts.snapshot(game)
        request.saving_draft = True
        with transaction.atomic():
            response = self.changeform_view(request, object_id, extra_context=extra_context)
            if response.status_code == 302:
                draft = drafts.snapshot(models.Game.objects.get(pk=game.pk))
            elif hasattr(response, "render"):
                response.render()  # the form's errors, read before the save is undone
            transaction.set_rollback(True)
        if response.status_code != 302:
            return response
        models.Draft.objects.create(
            game=game,
            objects_data=drafts.without_new_keys(draft, live),
            based_on=live,
            created_by=request.user,
        )
        messages.success(request, gettext("Saved as a draft: the public page is unchanged."))
        return HttpResponseRedirect(change)

    def preview_view(self, request, object_id, language):
        """The public page as the draft would make it, in ``language``."""
        draft = get_object_or_404(models.Draft, game_id=object_id)
        if not self.has_view_or_change_permission(request, draft.game):
            raise PermissionDenied
        if language not in dict(settings.LANGUAGES):
            return HttpResponseRedirect(reverse("admin:games_game_change", args=[object_id]))
        with transaction.atomic(), translation.override(language):
            drafts.apply(draft)
            response = views.render_page(request, views.pages().get(pk=object_id), draft=True)
            transaction.set_rollback(True)
        return response

    def publish_view(self, request, object_id):
        draft = get_object_or_404(models.Draft, game_id=object_id)
        change = reverse("admin:games_game_change", args=[object_id])
        if request.method != "POST" or not self.has_change_permission(request, draft.game):
            return HttpResponseRedirect(change)
        if drafts.is_stale(draft) and "confirm" not in request.POST:
            messages.error(request, STALE_DRAFT)
            return HttpResponseRedirect(change)
        self.keep_first_revision(request, draft.game)
        with transaction.atomic(), self.create_revision(request):
            game = self.rewrite(object_id, lambda: drafts.apply(draft))
            add_to_revision(game)
            self.log_change(request, game, gettext("Published a draft."))
            draft.delete()
        messages.success(request, gettext("Published a draft."))
        return HttpResponseRedirect(change)

    def discard_view(self, request, object_id):
        draft = get_object_or_404(models.Draft, game_id=object_id)
        if request.method == "POST" and self.has_change_permission(request, draft.game):
            draft.delete()
            messages.success(request, gettext("The draft is discarded."))
        return HttpResponseRedirect(reverse("admin:games_game_change", args=[object_id]))

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        draft = (
            models.Draft.objects.filter(game=obj).select_related("created_by").first()
            if obj
            else None
        )
        context.update(
            draft=draft,
            draft_stale=draft is not None and drafts.is_stale(draft),
            draft_languages=[code for code, _name in settings.LANGUAGES],
            stale_message=STALE_DRAFT,
            # A published page's edits may wait as a draft; an unpublished one is a draft.
            can_save_draft=bool(obj and obj.published),
        )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def part_view(self, request, object_id, part):
        if part not in PARTS:
            return HttpResponseRedirect(reverse("admin:games_game_change", args=[object_id]))
        request.game_part = part
        inlines = PARTS[part][0]
        title = ", ".join(str(inline.model._meta.verbose_name_plural) for inline in inlines)
        # No "Delete" here: on a list's page it would delete the whole game page.
        context = {"subtitle": title, "show_delete": False}
        return self.change_view(request, object_id, extra_context=context)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        part = getattr(request, "game_part", None)
        return type(form.__name__, (form,), {"part": part}) if part else form

    def save_model(self, request, obj, form, change):
        part = getattr(request, "game_part", None)
        if not part:
            # Read again under the form's row lock: the row was read before a part's
            # save may have counted itself, which saving the read value would undo.
            rows = models.Game.objects.filter(pk=obj.pk)
            obj.part_versions = rows.values_list("part_versions", flat=True).first() or {}
            return super().save_model(request, obj, form, change)
        # A part's page edits its lists only: the page's own row keeps its fields and
        # version, and counts one more save of that part.
        obj.part_versions = count_part_save(obj.pk, part)
        return None

    def get_fieldsets(self, request, obj=None):
        if getattr(request, "game_part", None):
            return [(None, {"fields": ["page_contents", "version"]})]
        return super().get_fieldsets(request, obj)

    def get_inlines(self, request, obj):
        part = getattr(request, "game_part", None)
        return PARTS[part][0] if part else []

    @admin.display(description=_("page contents"))
    def page_contents(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        change = reverse("admin:games_game_change", args=[obj.pk])
        links = [(change, capfirst(gettext("game page")), "")]
        for part, (inlines, related) in PARTS.items():
            url = reverse("admin:games_game_part", args=[obj.pk, part])
            label = capfirst(inlines[0].model._meta.verbose_name_plural)
            links.append((url, label, f" ({getattr(obj, related).count()})"))
        return format_html(
            '<nav class="game-parts">{}</nav><span id="game-language-switch-label" hidden>{}</span>',
            format_html_join(" · ", '<a href="{}">{}</a>{}', links),
            gettext("Language of the fields shown"),
        )

    def response_change(self, request, obj):
        if getattr(request, "saving_draft", False):
            return HttpResponseRedirect(request.path)  # _save_draft says what happened
        part = getattr(request, "game_part", None)
        response = super().response_change(request, obj)
        if part and "_continue" not in request.POST and "_addanother" not in request.POST:
            return HttpResponseRedirect(reverse("admin:games_game_change", args=[obj.pk]))
        return response
