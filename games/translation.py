"""Translated fields of the game pages (django-modeltranslation, English fallback)."""

from modeltranslation.translator import TranslationOptions, register

from games import models


@register(models.Game)
class GameOptions(TranslationOptions):
    fields = (
        "name",
        "genre",
        "seo_title",
        "seo_description",
        "seo_keywords",
        "hero_title",
        "hero_text",
        "frame_heading",
        "frame_title",
        "frame_hint",
    )


@register(models.Section)
class SectionOptions(TranslationOptions):
    fields = ("heading", "body", "link_label")


@register(models.FaqItem)
class FaqItemOptions(TranslationOptions):
    fields = ("question", "answer")


@register(models.FeatureCard)
class FeatureCardOptions(TranslationOptions):
    fields = ("title", "description")


@register(models.Step)
class StepOptions(TranslationOptions):
    fields = ("title", "description")


@register(models.Control)
class ControlOptions(TranslationOptions):
    fields = ("group", "action")


@register(models.Tip)
class TipOptions(TranslationOptions):
    fields = ("title", "description")


@register(models.Weapon)
class WeaponOptions(TranslationOptions):
    # A stat in words ("Area Effect") is translated like a name; a percentage is the same
    # in every language and has its own untranslated column (damage_percent, …).
    fields = ("name", "damage", "accuracy", "range", "description")


@register(models.Mission)
class MissionOptions(TranslationOptions):
    fields = ("title", "objectives", "description")


@register(models.EvolutionItem)
class EvolutionItemOptions(TranslationOptions):
    # base/evolved are Pokémon names: the loader fills them from the Pokédex's official names.
    fields = ("base", "evolved", "requirements", "benefits")


@register(models.TimelineItem)
class TimelineItemOptions(TranslationOptions):
    fields = ("year", "event")


@register(models.RelatedGame)
class RelatedGameOptions(TranslationOptions):
    fields = ("blurb",)


@register(models.HeroButton)
class HeroButtonOptions(TranslationOptions):
    fields = ("label",)
