"""Name lookup for guesses and autocomplete, per page language.

Indexes are derived from the Pokédex in process memory (``puzzle.memory``) and kept
per process, keyed by the Pokédex version: a staff edit bumps it, so every worker on
every node rebuilds on its next request, and a request costs one cache get. The game page puts the
version in the names list's URL, so browsers and proxies, which may keep one URL for a
day, fetch the new list at once.
"""

from functools import lru_cache

from portal import versions
from puzzle import memory, rules

# Site languages with official Pokémon names (used by the games or The Pokémon Company's own
# Pokédex). Elsewhere names are shown in English (docs/pokedex-data.md "Names").
OFFICIAL_NAME_LANGUAGES = frozenset({"en", "de", "fr", "es", "it", "ja", "ko", "th", "zh"})


def has_official_names(lang: str) -> bool:
    return lang in OFFICIAL_NAME_LANGUAGES


def data_version() -> str:
    return str(versions.get(memory.POKEDEX))


@lru_cache(maxsize=64)
def _index(lang: str, version: str) -> rules.NameIndex:
    rows = list(memory.pokedex().values())
    # Suggestions name the Pokémon as the page does, whatever spelling came closest.
    labels = {p.id: p.display_name(lang) for p in rows}
    return rules.NameIndex(((p.id, p.names_for(lang)) for p in rows), labels=labels)


@lru_cache(maxsize=64)
def _names(lang: str, version: str) -> list[dict[str, str | int]]:
    result = []
    for p in memory.pokedex().values():
        local = p.display_name(lang)
        entry: dict[str, str | int] = {
            "name": local,
            "id": p.id,
        }  # the id picks the suggestion's thumbnail
        if local != p.name_en:
            entry["en"] = p.name_en
        result.append(entry)
    return result


def index_for(lang: str) -> rules.NameIndex:
    return _index(lang, data_version())


def names_for(lang: str, version: str | None = None) -> list[dict[str, str | int]]:
    return _names(lang, version or data_version())
