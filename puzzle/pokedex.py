"""The Pokédex as other apps may read it, without the puzzle's models.

Other apps (the game pages' evolution cards) name Pokémon; this is the one door through
which they reach the Pokédex. It reads the worker's in-memory copy (``puzzle.memory``),
so it costs no query once the Pokédex is loaded.
"""

from collections.abc import Iterable

from puzzle import memory
from puzzle.models import Pokemon
from puzzle.names import OFFICIAL_NAME_LANGUAGES

__all__ = ["OFFICIAL_NAME_LANGUAGES", "VERSION", "official_names"]

# The data version a page showing Pokédex data is cached under (portal.pagecache).
VERSION = memory.POKEDEX

_by_english: tuple[object, dict[str, Pokemon]] = (None, {})


def _index() -> dict[str, Pokemon]:
    global _by_english
    pokedex = memory.pokedex()  # the same object until the Pokédex version changes
    if _by_english[0] is not pokedex:
        _by_english = (pokedex, {p.name_en: p for p in pokedex.values()})
    return _by_english[1]


def official_names(english_names: Iterable[str], lang: str) -> dict[str, str]:
    """English name → the official name in ``lang`` (English where it has none), for
    those of ``english_names`` that are Pokémon; other names are left out."""
    index = _index()
    return {name: index[name].display_name(lang) for name in english_names if name in index}
