from django.contrib import admin
from django.db import models

from pages.models import SocialLink


@admin.register(SocialLink)
class SocialLinkAdmin(admin.ModelAdmin):
    list_display = ["network", "url", "order"]
    list_editable = ["order"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
