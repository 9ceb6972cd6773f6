"""Name lookup for guesses and autocomplete, per page language.

Indexes are derived from the Pokémon rows and kept per process, keyed by the newest
``updated_at`` of the table: a staff edit changes the key, so every worker on every
node rebuilds on its next request without any shared state.
"""

from functools import lru_cache

from django.db.models import Max

from puzzle import rules
from puzzle.models import Pokemon


def data_version() -> str:
    newest = Pokemon.objects.aggregate(newest=Max("updated_at"))["newest"]
    return newest.isoformat() if newest else "empty"


@lru_cache(maxsize=64)
def _index(lang: str, version: str) -> rules.NameIndex:
    rows = Pokemon.objects.all()
    return rules.NameIndex((p.id, p.names_for(lang)) for p in rows)


@lru_cache(maxsize=64)
def _names(lang: str, version: str) -> list[dict[str, str | int]]:
    result = []
    for p in Pokemon.objects.all():
        local = p.display_name(lang)
        entry = {"name": local, "id": p.id}  # the id picks the suggestion's thumbnail
        if local != p.name_en:
            entry["en"] = p.name_en
        result.append(entry)
    return result


def index_for(lang: str) -> rules.NameIndex:
    return _index(lang, data_version())


def names_for(lang: str, version: str | None = None) -> list[dict[str, str | int]]:
    return _names(lang, version or data_version())
