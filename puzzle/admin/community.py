"""Staff tools for names and leagues: hide, show or rename a display name, see reports,
rename or delete a league (puzzle/services/community.py)."""

from django import forms
from django.contrib import admin, messages
from django.db.models import Count
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from puzzle.models import League, LeagueMember, NameReport, Player
from puzzle.services import community
from puzzle.services.play import Refusal


class PlayerAdminForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["display_name", "name_hidden"]

    def clean_display_name(self) -> str:
        """A name staff type passes the players' checks (an unchanged one stays)."""
        name = self.cleaned_data["display_name"]
        if not name or name == self.instance.display_name:
            return name
        try:
            return community.clean_display_name(name)
        except Refusal as refusal:
            raise forms.ValidationError(refusal.message) from refusal


class ReportInline(admin.TabularInline):
    model = NameReport
    fk_name = "player"
    fields = ("name", "created_at")
    readonly_fields = ("name", "created_at")
    extra = 0
    can_delete = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = ["__str__", "name_hidden", "report_count", "played", "wins", "streak"]
    list_filter = ["name_hidden"]
    search_fields = ["display_name"]
    readonly_fields = ("id", "created_at", "played", "wins", "streak", "streak_day")
    fields = ("display_name", "name_hidden", *readonly_fields)
    inlines = [ReportInline]
    actions = ["hide_names", "show_names"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(report_count=Count("reports"))

    @admin.display(description=_("reports"), ordering="-report_count")
    def report_count(self, obj: Player) -> int:
        return obj.report_count  # type: ignore[attr-defined]  # annotated above

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description=_("Hide the selected names"), permissions=["change"])
    def hide_names(self, request, queryset) -> None:
        count = queryset.update(name_hidden=True)
        self.message_user(
            request,
            # Translators: %(count)d is a number of players' display names.
            ngettext("%(count)d name hidden.", "%(count)d names hidden.", count) % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(
        description=_("Show the selected names (their reports are cleared)"),
        permissions=["change"],
    )
    def show_names(self, request, queryset) -> None:
        NameReport.objects.filter(player__in=queryset).delete()
        count = queryset.update(name_hidden=False)
        self.message_user(
            request,
            # Translators: %(count)d is a number of players' display names.
            ngettext("%(count)d name shown.", "%(count)d names shown.", count) % {"count": count},
            messages.SUCCESS,
        )


@admin.register(NameReport)
class NameReportAdmin(admin.ModelAdmin):
    list_display = ["name", "player", "created_at"]
    list_select_related = ["player"]
    readonly_fields = ("player", "name", "created_at")
    fields = ("player", "name", "created_at")

    def has_add_permission(self, request) -> bool:
        return False


class MemberInline(admin.TabularInline):
    model = LeagueMember
    fields = ("player", "joined_at")
    readonly_fields = ("player", "joined_at")
    extra = 0

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the member count follows leaving, not a row deleted here


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "size", "owner", "created_at"]
    search_fields = ["name", "code"]
    fields = ("name", "code", "size", "owner", "created_at")
    readonly_fields = ("code", "size", "owner", "created_at")
    inlines = [MemberInline]

    def has_add_permission(self, request) -> bool:
        return False
