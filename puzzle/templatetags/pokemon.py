"""``{% pokemon_name "Pikachu" as basic %}``: a Pokémon's name in the page's language
(English where it has none), for examples in translated text, so that a message holds a
placeholder and translators never translate a Pokémon's name."""

from django import template
from django.utils.translation import get_language

from portal import languages
from puzzle import pokedex

register = template.Library()


@register.simple_tag
def pokemon_name(english: str) -> str:
    lang = get_language() or languages.DEFAULT
    return pokedex.official_names([english], lang).get(english, english)
