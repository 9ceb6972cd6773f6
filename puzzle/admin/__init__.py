"""Staff tools for the daily game: the Pokédex (names per language, pool, artwork) and
the schedule of daily puzzles (a Pokémon chosen for a future date)."""

import re

from django.conf import settings
from django.contrib import admin, messages
from django.core.files.base import ContentFile
from django.db.models import F
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TabbedTranslationAdmin
from modeltranslation.utils import build_localized_fieldname

from portal.admin_i18n import TranslatedInputsMixin
from portal.admin_lock import VersionLockedAdmin
from portal.admin_revisions import RevisionAdmin
from puzzle import pokedex
from puzzle.admin import community  # noqa: F401  (registers the names and leagues)
from puzzle.admin.forms import DailyPuzzleAdminForm, PokemonAdminForm
from puzzle.images.silhouette import normalize_upload
from puzzle.models import DailyPuzzle, PlayerGame, Pokemon, today

# Every language's name, whatever the admin's language: staff look for Glumanda in an
# English admin too. (A bare "name" is the admin's language only.)
NAMES = [build_localized_fieldname("name", code) for code in settings.MODELTRANSLATION_LANGUAGES]
# A Pokédex number as staff type it, or as a Pokémon's label shows it: 25, 0025, #0025.
NUMBER = re.compile(r"#?0*(\d{1,5})")


@admin.register(Pokemon)
class PokemonAdmin(
    RevisionAdmin, VersionLockedAdmin, TranslatedInputsMixin, TabbedTranslationAdmin
):
    form = PokemonAdminForm
    list_display = [
        "id",
        "name",
        "type1",
        "type2",
        "generation",
        "stage",
        "in_daily_pool",
        "art",
        "version",
    ]
    list_filter = ["in_daily_pool", "generation", "type1", "stage", "has_default_artwork"]
    # "version" carries each row's edit lock (portal.admin_lock).
    list_editable = ["in_daily_pool", "version"]
    search_fields = [*NAMES, "extra_names"]
    readonly_fields = ["preview", "has_default_artwork"]
    fields = [
        "id",
        "name",
        "extra_names",
        ("type1", "type2"),
        ("generation", "stage", "color"),
        ("height", "weight"),
        "in_daily_pool",
        "artwork",
        "has_default_artwork",
        "preview",
        "version",
    ]
    actions = ["add_to_pool", "remove_from_pool"]

    def get_readonly_fields(self, request, obj=None):
        # The Pokédex number is the row's key: changing it would save a second Pokémon.
        fields = super().get_readonly_fields(request, obj)
        return [*fields, "id"] if obj is not None else fields

    def get_search_results(self, request, queryset, search_term):
        # The daily puzzle's picker (autocomplete) offers only Pokémon from the pool.
        if request.GET.get("model_name") == "dailypuzzle":
            queryset = queryset.in_pool()
        # Numbers are Pokédex numbers, the other words names ("#0025 Pikachu", the label).
        words = search_term.split()
        numbers = {int(match[1]) for word in words if (match := NUMBER.fullmatch(word))}
        if numbers:
            queryset = queryset.filter(id__in=numbers)
            search_term = " ".join(word for word in words if not NUMBER.fullmatch(word))
        return super().get_search_results(request, queryset, search_term)

    @admin.display(boolean=True, description=_("artwork"))
    def art(self, obj: Pokemon) -> bool:
        return bool(obj.artwork or obj.has_default_artwork)

    @admin.display(description=_("preview"))
    def preview(self, obj: Pokemon) -> str:
        if not (obj.artwork or obj.has_default_artwork):
            return "—"
        return format_html('<img src="{}" width="128" height="128" alt="">', obj.artwork_url)

    def save_model(self, request, obj: Pokemon, form, change) -> None:
        if "artwork" in form.changed_data and obj.artwork:
            data = normalize_upload(obj.artwork.file)
            obj.artwork.save(f"{obj.id}.webp", ContentFile(data.read()), save=False)
        super().save_model(request, obj, form, change)

    @admin.action(description=_("Add to the daily pool (needs artwork)"))
    def add_to_pool(self, request, queryset) -> None:
        with_art = queryset.exclude(has_default_artwork=False, artwork="")
        # A new version, so a form opened before this cannot undo it (portal.admin_lock).
        updated = with_art.update(
            in_daily_pool=True, updated_at=timezone.now(), version=F("version") + 1
        )
        pokedex.changed()  # update() sends no signals
        message = ngettext(
            # Translators: %(count)d is a number of Pokémon.
            "%(count)d Pokémon added to the pool.",
            "%(count)d Pokémon added to the pool.",
            updated,
        )
        self.message_user(request, message % {"count": updated})

    @admin.action(description=_("Remove from the daily pool"))
    def remove_from_pool(self, request, queryset) -> None:
        updated = queryset.update(
            in_daily_pool=False, updated_at=timezone.now(), version=F("version") + 1
        )
        pokedex.changed()
        message = ngettext(
            # Translators: %(count)d is a number of Pokémon.
            "%(count)d Pokémon removed from the pool.",
            "%(count)d Pokémon removed from the pool.",
            updated,
        )
        self.message_user(request, message % {"count": updated})


class WhenFilter(admin.SimpleListFilter):
    title = pgettext_lazy("puzzle schedule", "when")
    parameter_name = "when"

    def lookups(self, request, model_admin):
        return [
            ("upcoming", pgettext_lazy("puzzle schedule", "upcoming")),
            ("released", pgettext_lazy("puzzle schedule", "released")),
        ]

    def queryset(self, request, queryset):
        if self.value() == "upcoming":
            return queryset.filter(date__gt=today())
        if self.value() == "released":
            return queryset.filter(date__lte=today())
        return queryset


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    form = DailyPuzzleAdminForm
    list_display = ["number", "date", "pokemon", "state", "origin"]
    list_display_links = ["number", "date"]
    list_filter = [WhenFilter, "scheduled"]
    list_select_related = ["pokemon"]
    date_hierarchy = "date"
    autocomplete_fields = ["pokemon"]
    search_fields = [f"pokemon__{name}" for name in NAMES]

    @admin.display(description=pgettext_lazy("puzzle schedule", "number"), ordering="date")
    def number(self, obj: DailyPuzzle) -> str:
        return f"#{obj.number}"

    @admin.display(description=pgettext_lazy("puzzle schedule", "state"))
    def state(self, obj: DailyPuzzle) -> str:
        day = today()
        if obj.date == day:
            return pgettext("puzzle schedule", "today")
        if obj.date < day:
            return pgettext("puzzle schedule", "released")
        return pgettext("puzzle schedule", "upcoming")

    @admin.display(description=pgettext_lazy("puzzle schedule", "chosen by"))
    def origin(self, obj: DailyPuzzle) -> str:
        if obj.scheduled:
            return pgettext("puzzle schedule", "staff")
        return pgettext("puzzle schedule", "automatic pick")

    def has_change_permission(self, request, obj: DailyPuzzle | None = None) -> bool:
        # A released puzzle never changes: players may have played it.
        if obj is not None and obj.date <= today():
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj: DailyPuzzle | None = None) -> bool:
        if obj is not None and obj.date <= today():
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj: DailyPuzzle, form, change) -> None:
        obj.scheduled = True
        super().save_model(request, obj, form, change)

    def _saved(self, request, obj: DailyPuzzle):
        """After a plain save: say which Pokémon is on which day, back to the list."""
        if {"_continue", "_addanother", "_saveasnew"} & set(request.POST):
            return None
        self.message_user(
            request,
            # Translators: %(pokemon)s is a Pokémon name, %(number)d a puzzle number,
            # %(date)s a date.
            gettext("%(pokemon)s is scheduled as puzzle #%(number)d on %(date)s.")
            % {
                "pokemon": obj.pokemon.name_en,
                "number": obj.number,
                "date": date_format(obj.date, "DATE_FORMAT"),
            },
            messages.SUCCESS,
        )
        return HttpResponseRedirect(reverse("admin:puzzle_dailypuzzle_changelist"))

    def response_add(self, request, obj, post_url_continue=None):
        return self._saved(request, obj) or super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        return self._saved(request, obj) or super().response_change(request, obj)


@admin.register(PlayerGame)
class PlayerGameAdmin(admin.ModelAdmin):
    list_display = ["puzzle", "player", "status", "counts_for_stats", "started_at"]
    list_filter = ["status", "counts_for_stats"]
    readonly_fields = [
        "player",
        "puzzle",
        "guesses",
        "status",
        "counts_for_stats",
        "started_at",
        "finished_at",
    ]

    def has_add_permission(self, request) -> bool:
        return False
