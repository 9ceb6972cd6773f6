"""Content staff edit each game page on one admin page: the game's fields in language
tabs, then its sections and every list as ordered inlines."""

from django.contrib import admin
from django.db import models as db_models
from modeltranslation.admin import (
    TabbedTranslationAdmin,
    TranslationStackedInline,
    TranslationTabularInline,
)

from games import models


class OrderedTabular(TranslationTabularInline):
    extra = 0
    ordering = ["order", "id"]


class OrderedStacked(TranslationStackedInline):
    extra = 0
    ordering = ["order", "id"]


class HeroButtonInline(OrderedTabular):
    model = models.HeroButton


class SectionInline(OrderedStacked):
    model = models.Section
    fields = ["order", "kind", "anchor", "heading", "body", "mode", "link_label", "link_anchor"]


class FaqInline(OrderedStacked):
    model = models.FaqItem


class FeatureInline(OrderedStacked):
    model = models.FeatureCard


class StepInline(OrderedStacked):
    model = models.Step


class ControlInline(OrderedTabular):
    model = models.Control


class TipInline(OrderedStacked):
    model = models.Tip


class WeaponInline(OrderedStacked):
    model = models.Weapon


class MissionInline(OrderedStacked):
    model = models.Mission


class EvolutionInline(OrderedStacked):
    model = models.EvolutionItem


class TimelineInline(OrderedTabular):
    model = models.TimelineItem


class RelatedInline(OrderedTabular):
    model = models.RelatedGame
    fk_name = "game"
    autocomplete_fields = ["target"]


@admin.register(models.Game)
class GameAdmin(TabbedTranslationAdmin):
    list_display = ["name", "slug", "order", "published", "updated_at"]
    list_editable = ["order", "published"]
    list_filter = ["published"]
    search_fields = ["name", "slug", "seo_title", "hero_title"]
    view_on_site = True
    save_on_top = True
    formfield_overrides = {db_models.URLField: {"assume_scheme": "https"}}
    fieldsets = [
        (None, {"fields": ["name", "slug", "order", "published", "genre", "developer"]}),
        ("SEO", {"fields": ["seo_title", "seo_description", "seo_keywords"]}),
        ("Hero", {"fields": ["hero_title", "hero_text", "decorative_dots"]}),
        (
            "Game frame",
            {
                "fields": [
                    "frame_url",
                    "frame_title",
                    "frame_heading",
                    "frame_anchor",
                    "frame_allow",
                    "frame_lazy",
                    "frame_height",
                    "frame_height_small",
                    "frame_aspect_ratio",
                    "frame_max_height",
                    "frame_hint",
                ]
            },
        ),
    ]
    inlines = [
        HeroButtonInline,
        SectionInline,
        FeatureInline,
        StepInline,
        ControlInline,
        TipInline,
        WeaponInline,
        MissionInline,
        EvolutionInline,
        TimelineInline,
        FaqInline,
        RelatedInline,
    ]
