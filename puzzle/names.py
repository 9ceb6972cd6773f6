"""Name lookup for guesses and autocomplete, per page language.

Indexes are derived from the Pokédex in process memory (``puzzle.memory``) and kept
per process, keyed by the Pokédex version: a staff edit bumps it, so every worker on
every node rebuilds on its next request, and a request costs one cache get.
"""

from functools import lru_cache

from portal import versions
from puzzle import memory, rules


def data_version() -> str:
    return str(versions.get(memory.POKEDEX))


@lru_cache(maxsize=64)
def _index(lang: str, version: str) -> rules.NameIndex:
    rows = memory.pokedex().values()
    return rules.NameIndex((p.id, p.names_for(lang)) for p in rows)


@lru_cache(maxsize=64)
def _names(lang: str, version: str) -> list[dict[str, str]]:
    result = []
    for p in memory.pokedex().values():
        local = p.display_name(lang)
        entry = {"name": local}
        if local != p.name_en:
            entry["en"] = p.name_en
        result.append(entry)
    return result


def index_for(lang: str) -> rules.NameIndex:
    return _index(lang, data_version())


def names_for(lang: str, version: str | None = None) -> list[dict[str, str]]:
    return _names(lang, version or data_version())
