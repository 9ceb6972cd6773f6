"""The Pokédex in process memory: every Pokémon, and per language the name index that
matches guesses and the names list of the autocomplete.

The table changes only on a deploy (``import_pokedex``) or a staff edit, so each worker
keeps one copy instead of reading 1,025 rows per guess. It is the only memo of the site
(docs/architecture.md), with one way to notice a change: every edit gives the table a
new random stamp in the database (:func:`changed`, called by the model's signals, and
by code that writes with ``update()`` or ``bulk_create()``), and at most every
``POKEDEX_CHECK_SECONDS`` a worker reads the stamp and rebuilds when it moved. Every
node and worker sees an edit within that time, whatever the cache; an edit that is
rolled back takes its stamp with it. The objects are shared between requests: read
them, never change them.
"""

import time
from dataclasses import dataclass, field

from django.conf import settings

from puzzle import rules
from puzzle.models import DataStamp, Pokemon

NameEntry = dict[str, str | int | list[str]]


@dataclass
class _Memo:
    stamp: str = ""
    checked_at: float = float("-inf")
    by_id: dict[int, Pokemon] = field(default_factory=dict)
    indexes: dict[str, rules.NameIndex] = field(default_factory=dict)
    names: dict[str, list[NameEntry]] = field(default_factory=dict)


_memo = _Memo()


STAMP = "pokedex"


def changed(*args: object, **kwargs: object) -> None:
    """Tell every worker the Pokédex changed (also a receiver of the model's signals)."""
    DataStamp.touch(STAMP)


def _stamp() -> str:
    token = DataStamp.read(STAMP)
    return token.hex if token else "0"


def _current() -> _Memo:
    global _memo
    now, every = time.monotonic(), settings.POKEDEX_CHECK_SECONDS
    if every <= 0 or now - _memo.checked_at >= every:
        stamp = _stamp()
        if stamp != _memo.stamp:
            _memo = _Memo(stamp=stamp, by_id=Pokemon.objects.in_bulk())
        _memo.checked_at = now
    return _memo


def version() -> str:
    """Names the data: the game page puts it in the names list's URL, so browsers and
    proxies fetch a new list after an edit."""
    return _current().stamp


def everyone() -> dict[int, Pokemon]:
    """Every Pokémon by national number."""
    return _current().by_id


def get(pk: int | None) -> Pokemon | None:
    return _current().by_id.get(pk) if pk is not None else None


def in_order(ids: list[int]) -> list[Pokemon]:
    """The Pokémon of a game's guesses, in order."""
    by_id = everyone()
    return [by_id[i] for i in ids if i in by_id]


def name_index(lang: str) -> rules.NameIndex:
    """Every name accepted on a page in ``lang``; suggestions name the Pokémon as the
    page does, whatever spelling came closest."""
    memo = _current()
    index = memo.indexes.get(lang)
    if index is None:
        rows = memo.by_id.values()
        labels = {p.id: p.display_name(lang) for p in rows}
        index = rules.NameIndex(((p.id, p.names_for(lang)) for p in rows), labels=labels)
        memo.indexes[lang] = index
    return index


def names(lang: str) -> list[NameEntry]:
    """The autocomplete's list: each Pokémon's name in ``lang``, its English name where
    that differs, the other names the judge accepts and its number (the suggestion's
    thumbnail)."""
    memo = _current()
    entries = memo.names.get(lang)
    if entries is None:
        entries = []
        for p in memo.by_id.values():
            name = p.display_name(lang)
            entry: NameEntry = {"name": name, "id": p.id}
            if name != p.name_en:
                entry["en"] = p.name_en
            # The same names the judge accepts (Pokemon.names_for): one list for both.
            aka = [n for n in p.names_for(lang) if n not in (name, p.name_en)]
            if aka:
                entry["aka"] = aka
            entries.append(entry)
        memo.names[lang] = entries
    return entries


def official_names(english_names: list[str], lang: str) -> dict[str, str]:
    """English name → the official name in ``lang`` (English where it has none), for
    those of ``english_names`` that are Pokémon (other apps: the evolution cards)."""
    wanted = set(english_names)
    return {p.name_en: p.display_name(lang) for p in everyone().values() if p.name_en in wanted}
