"""Name lookup for guesses and autocomplete, per page language.

Indexes are derived from the Pokémon rows and rebuilt when the data version (bumped on
every save, shared through the cache) changes, so every worker sees staff edits.
"""

from functools import lru_cache

from django.core.cache import cache

from puzzle import rules
from puzzle.models import Pokemon

VERSION_KEY = "puzzle:pokedex-version"


def data_version() -> int:
    version = cache.get(VERSION_KEY)
    if version is None:
        version = 1
        cache.add(VERSION_KEY, version, timeout=None)
    return int(version)


def bump_version() -> None:
    try:
        cache.incr(VERSION_KEY)
    except ValueError:
        cache.set(VERSION_KEY, 2, timeout=None)
    _index.cache_clear()
    _names.cache_clear()


@lru_cache(maxsize=64)
def _index(lang: str, version: int) -> rules.NameIndex:
    rows = Pokemon.objects.all()
    return rules.NameIndex((p.id, p.names_for(lang)) for p in rows)


@lru_cache(maxsize=64)
def _names(lang: str, version: int) -> list[dict[str, str]]:
    result = []
    for p in Pokemon.objects.all():
        local = p.display_name(lang)
        entry = {"name": local}
        if local != p.name_en:
            entry["en"] = p.name_en
        result.append(entry)
    return result


def index_for(lang: str) -> rules.NameIndex:
    return _index(lang, data_version())


def names_for(lang: str) -> list[dict[str, str]]:
    return _names(lang, data_version())
