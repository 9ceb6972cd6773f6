"""When may a deploy step write a field? (docs/content-updates.md)

``load_games`` and ``import_pokedex`` run on every deploy. For every field they keep a
digest of the value they last wrote (the *baseline*). A field is rewritten only while
its current value still matches that digest; anything else means staff changed it, and
their value stays, whether it is an edit, a cleared text or a reordering.

Pure functions, no Django: unit tested in ``portal/tests/test_baseline.py``.
"""

from __future__ import annotations

import enum
import hashlib
import json
from typing import Any


class Action(enum.Enum):
    WRITE = "write"  # store the file's value and remember its digest
    ADOPT = "adopt"  # the value already equals the file's: only remember its digest
    KEEP = "keep"  # staff changed the field: leave it and its baseline alone


def is_blank(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def digest(value: Any) -> str:
    """A short, stable fingerprint of a field value; blank values are all alike."""
    if is_blank(value):
        value = ""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def decide(
    current: Any, new: Any, baseline: str | None, *, untracked_write: bool = False
) -> Action:
    """What to do with one field, given its current value, the file's value and the
    digest of the value this step last wrote (``None`` when it never wrote one).

    Without a baseline (rows from before baselines existed, or a field new in the
    file) the step only fills a blank field, unless ``untracked_write`` says its old
    behaviour was to overwrite (the Pokédex import always did).
    """
    # Most fields of a deploy are unchanged: equal values of one type have equal digests,
    # so they need no hashing (the import of 1,025 Pokémon hashed 100,000 values).
    if type(current) is type(new) and current == new:
        return Action.ADOPT
    held = digest(current)
    if held == digest(new):
        return Action.ADOPT
    if baseline is None:
        if untracked_write or (is_blank(current) and not is_blank(new)):
            return Action.WRITE
        return Action.KEEP
    return Action.WRITE if held == baseline else Action.KEEP
