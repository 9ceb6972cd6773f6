"""Template filters about the Pokédex data."""

from django import template

from puzzle import names

register = template.Library()


@register.filter
def has_official_names(lang: str) -> bool:
    """Whether Pokémon have official names in the page language ``lang``."""
    return names.has_official_names(lang or "")
