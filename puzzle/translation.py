"""Pokémon names are translated fields; languages without official names fall back to
English (docs/design.md "Languages")."""

from modeltranslation.translator import TranslationOptions, register

from puzzle.models import Pokemon


@register(Pokemon)
class PokemonOptions(TranslationOptions):
    fields = ("name",)
    fallback_undefined = {"name": ""}
