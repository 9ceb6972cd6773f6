from collections import Counter

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext, pgettext
from modeltranslation.utils import build_localized_fieldname as localized

from games.models import Game
from translations import content, store
from translations.models import ContentTranslation, LanguageReview, Suggestion, TranslationOverride


@admin.register(TranslationOverride)
class TranslationOverrideAdmin(admin.ModelAdmin):
    list_display = ["msgid", "language", "msgstr", "fuzzy", "updated_by", "updated_at"]
    list_filter = ["language", "fuzzy", "updated_at"]
    search_fields = ["msgid", "msgstr", "msgctxt"]
    readonly_fields = ["language", "msgctxt", "msgid", "msgid_plural", "updated_by", "updated_at"]
    fields = (*readonly_fields[:4], "msgstr", "msgstr_plural", "fuzzy", "updated_by", "updated_at")

    def has_add_permission(self, request) -> bool:
        return False  # rows come from Rosetta, where the source text is known

    def save_model(self, request, obj, form, change) -> None:
        obj.updated_by = request.user
        super().save_model(request, obj, form, change)
        store.publish()

    def delete_model(self, request, obj) -> None:
        super().delete_model(request, obj)
        store.publish()

    def delete_queryset(self, request, queryset) -> None:
        super().delete_queryset(request, queryset)
        store.publish()


# Game-page text (docs/translations.md "Game pages"): the progress page, the translator's
# page and the reviewer's queue are the changelists of the models that record them.
SHOWN = {
    "todo": (content.Status.MISSING, content.Status.OUTDATED),
    "outdated": (content.Status.OUTDATED,),
    "missing": (content.Status.MISSING,),
    "all": tuple(content.Status),
}


def _language(request: HttpRequest) -> str:
    """The language asked for, else the admin's, else the first to translate."""
    for code in (request.GET.get("language"), request.LANGUAGE_CODE):
        if code in content.LANGUAGES:
            return code
    return content.LANGUAGES[0]


def _languages() -> list[tuple[str, str]]:
    return [(code, str(name)) for code, name in settings.LANGUAGES if code in content.LANGUAGES]


@admin.register(LanguageReview)
class LanguageReviewAdmin(admin.ModelAdmin):
    list_display = ["language", "required"]
    list_editable = ["required"]
    list_filter = ["required"]
    search_fields = ["language"]


class PageAdmin(admin.ModelAdmin):
    """A page of its own in the admin: nothing is added, changed or deleted through
    Django's forms of the model."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ContentTranslation)
class ContentTranslationAdmin(PageAdmin):
    """Per language and page: how many fields are done, outdated or missing."""

    def has_view_permission(self, request, obj=None) -> bool:
        user = request.user
        return any(
            user.has_perm(p)
            for p in (
                "translations.translate_content",
                "translations.review_content",
                "games.view_game",
            )
        )

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("translate/", view(self.choose_view), name="translations_translate"),
            path(
                "translate/<str:language>/<int:game_id>/",
                view(self.translate_view),
                name="translations_translate_page",
            ),
            *super().get_urls(),
        ]

    def changelist_view(self, request, extra_context=None):
        if not self.has_view_permission(request):
            raise PermissionDenied
        language = _language(request)
        games = list(Game.objects.all())
        totals: dict[str, Counter] = {code: Counter() for code in content.LANGUAGES}
        pages: dict[int, Counter] = {game.pk: Counter() for game in games}
        for entry in content.entries(games, content.LANGUAGES):
            totals[entry.language][entry.status] += 1
            if entry.language == language:
                pages[entry.game_id][entry.status] += 1
        context = {
            **self.admin_site.each_context(request),
            "title": capfirst(self.opts.verbose_name_plural),
            "language": language,
            "language_name": dict(settings.LANGUAGES)[language],
            "languages": [(code, name, totals[code]) for code, name in _languages()],
            "pages": [(game, pages[game.pk]) for game in games],
            "can_translate": request.user.has_perm("translations.translate_content"),
        }
        return TemplateResponse(request, "admin/translations/progress.html", context)

    def choose_view(self, request):
        """The translator's page chosen in the form above it (or the first)."""
        _require(request, "translations.translate_content")
        page = request.GET.get("page", "")
        game = Game.objects.filter(pk=int(page)).first() if page.isdigit() else None
        game = game or Game.objects.first()
        if game is None:
            raise Http404
        show = request.GET.get("show", "todo")
        url = reverse("admin:translations_translate_page", args=[_language(request), game.pk])
        return HttpResponseRedirect(f"{url}?show={show if show in SHOWN else 'todo'}")

    def translate_view(self, request, language: str, game_id: int):
        _require(request, "translations.translate_content")
        game = get_object_or_404(Game, pk=game_id)
        if language not in content.LANGUAGES:
            raise Http404
        show = request.GET.get("show", "todo")
        show = show if show in SHOWN else "todo"
        typed: dict[str, str] = {}
        errors: dict[str, list[str]] = {}
        if request.method == "POST":
            found = content.entries([game], [language])
            content.attach_suggestions(found)
            live = waiting = confirmed = 0
            for entry in found:
                text = content.clean_text(request.POST.get(f"text-{entry.key}", ""))
                if (
                    entry.status == content.Status.OUTDATED
                    and text == entry.text
                    and request.POST.get(f"keep-{entry.key}")
                ):
                    # The English changed in a way this translation already says.
                    content.record_source(entry.obj, entry.field, language, entry.english)
                    confirmed += 1
                    continue
                if not text or text == (entry.pending.text if entry.pending else entry.text):
                    continue
                typed[entry.key] = text
                if request.POST.get(f"was-{entry.key}", "") != entry.text:
                    errors[entry.key] = [
                        gettext(
                            # Translators: %(text)s is the translation someone else saved.
                            "Someone else saved this translation after you opened the page: "
                            "“%(text)s”. Your text is kept here; save again to replace theirs."
                        )
                        % {"text": entry.text or "—"}
                    ]
                elif found_problems := content.problems(entry.obj, entry.field, language, text):
                    errors[entry.key] = found_problems
                elif content.save(request.user, entry, text):
                    live += 1
                else:
                    waiting += 1
            outcomes = (
                # Translators: %(count)s is a number of translated fields.
                ngettext("%(count)s translation saved.", "%(count)s translations saved.", live),
                ngettext(
                    # Translators: %(count)s is a number of translated fields.
                    "%(count)s translation waits for a reviewer.",
                    "%(count)s translations wait for a reviewer.",
                    waiting,
                ),
                ngettext(
                    # Translators: %(count)s is a number of translations left unchanged.
                    "%(count)s translation marked as still right.",
                    "%(count)s translations marked as still right.",
                    confirmed,
                ),
            )
            for count, message in zip((live, waiting, confirmed), outcomes, strict=True):
                if count:
                    messages.success(request, message % {"count": count})
            if not errors:
                return HttpResponseRedirect(request.get_full_path())
            messages.error(
                request, gettext("Some translations were not saved: see the marked fields.")
            )
        found = content.entries([game], [language])
        content.attach_suggestions(found)
        rows = [
            {
                "entry": entry,
                "text": typed.get(entry.key, entry.pending.text if entry.pending else entry.text),
                "errors": errors.get(entry.key, []),
                "long": isinstance(entry.obj._meta.get_field(entry.field), models.TextField),
            }
            for entry in found
            if entry.status in SHOWN[show] or entry.key in errors
        ]
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("Translate a game page"),
            "game": game,
            "games": Game.objects.all(),
            "language": language,
            "language_name": dict(settings.LANGUAGES)[language],
            "bidi": language in settings.LANGUAGES_BIDI,
            "languages": _languages(),
            "show": show,
            "shows": [
                # Translators: which fields the translator's page lists.
                ("todo", gettext("missing or outdated")),
                ("outdated", content.Status.OUTDATED.label),
                ("missing", content.Status.MISSING.label),
                # Translators: which fields the translator's page lists: every one.
                ("all", pgettext("translation filter", "all")),
            ],
            "rows": rows,
            "review": LanguageReview.required_for(language),
        }
        return TemplateResponse(request, "admin/translations/translate.html", context)


@admin.register(Suggestion)
class SuggestionAdmin(PageAdmin):
    """Reviewers approve or reject translators' suggestions, one language at a time."""

    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.has_perm("translations.review_content")

    def changelist_view(self, request, extra_context=None):
        _require(request, "translations.review_content")
        language = _language(request)
        pending = Suggestion.objects.filter(status=Suggestion.Status.PENDING)
        if request.method == "POST":
            chosen = request.POST.get("suggestion", "")
            suggestion = get_object_or_404(pending, pk=int(chosen) if chosen.isdigit() else 0)
            if request.POST.get("action") == "approve":
                refused = content.approve(request.user, suggestion)
                for problem in refused:
                    messages.error(request, problem)
                if not refused:
                    messages.success(request, gettext("Approved: the translation is live."))
            elif request.POST.get("action") == "reject":
                content.reject(request.user, suggestion, request.POST.get("note", "").strip())
                messages.success(request, gettext("Rejected: the translator sees your note."))
            return HttpResponseRedirect(request.get_full_path())
        rows = []
        for suggestion in pending.filter(language=language).select_related("content_type"):
            obj = suggestion.target
            if obj is not None:
                english = getattr(obj, localized(suggestion.field, content.SOURCE)) or ""
                live = getattr(obj, localized(suggestion.field, language)) or ""
                entry = content.Entry(
                    0, obj, suggestion.field, language, english, live, suggestion.source
                )
                rows.append({"suggestion": suggestion, "entry": entry})
        waiting = Counter(pending.values_list("language", flat=True))
        context = {
            **self.admin_site.each_context(request),
            "title": capfirst(self.opts.verbose_name_plural),
            "language": language,
            "language_name": dict(settings.LANGUAGES)[language],
            "bidi": language in settings.LANGUAGES_BIDI,
            "languages": [(code, name, waiting[code]) for code, name in _languages()],
            "rows": rows,
        }
        return TemplateResponse(request, "admin/translations/review.html", context)


def _require(request: HttpRequest, permission: str) -> None:
    if not request.user.has_perm(permission):
        raise PermissionDenied
