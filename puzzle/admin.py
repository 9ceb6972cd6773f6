"""Staff tools for the daily game: the Pokédex (names per language, pool, artwork) and
the schedule of daily puzzles (a Pokémon chosen for a future date)."""

from django.contrib import admin
from django.core.files.base import ContentFile
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TabbedTranslationAdmin

from portal import versions
from puzzle import memory
from puzzle.models import DailyPuzzle, Player, PlayerGame, Pokemon, today
from puzzle.silhouette import normalize_upload


@admin.register(Pokemon)
class PokemonAdmin(TabbedTranslationAdmin):
    list_display = ["id", "name", "type1", "type2", "generation", "stage", "in_daily_pool", "art"]
    list_filter = ["in_daily_pool", "generation", "type1", "stage", "has_default_artwork"]
    list_editable = ["in_daily_pool"]
    search_fields = ["name", "name_en", "id"]
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
    ]
    actions = ["add_to_pool", "remove_from_pool"]

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
        updated = queryset.exclude(has_default_artwork=False, artwork="").update(in_daily_pool=True)
        versions.bump(memory.POKEDEX)  # update() sends no signals
        self.message_user(request, _("%(count)d Pokémon added to the pool.") % {"count": updated})

    @admin.action(description=_("Remove from the daily pool"))
    def remove_from_pool(self, request, queryset) -> None:
        updated = queryset.update(in_daily_pool=False)
        versions.bump(memory.POKEDEX)  # update() sends no signals
        self.message_user(
            request, _("%(count)d Pokémon removed from the pool.") % {"count": updated}
        )


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ["date", "number", "pokemon", "scheduled"]
    list_filter = ["scheduled"]
    date_hierarchy = "date"
    autocomplete_fields = ["pokemon"]
    search_fields = ["pokemon__name_en"]

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


admin.site.register(Player)
