from django.contrib import admin

from translations import store
from translations.models import TranslationOverride


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
