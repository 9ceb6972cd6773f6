"""Drafts of a page (games.models.Draft): the page and its parts as Django's serializers
write them (the format django-reversion keeps revisions in). Publishing applies a draft
to the database; a preview applies it inside a transaction rolled back after rendering.
"""

import json
from itertools import chain
from typing import Any

from django.conf import settings
from django.core import serializers
from django.db.models import Model
from django.utils import translation

from games.models import PAGE_PARTS, Draft, Game
from portal.admin_revisions import BOOKKEEPING


def rows(game: Game) -> list[Model]:
    """The page and its parts."""
    return list(chain([game], *(getattr(game, name).all() for name in PAGE_PARTS)))


def snapshot(game: Game) -> list[dict[str, Any]]:
    """The page and its parts, as JSON-ready objects. A translated field's own column
    reads as the active language's text: in English, whatever the admin's language."""
    with translation.override(settings.LANGUAGE_CODE):
        return json.loads(serializers.serialize("json", rows(game)))


def without_new_keys(objects: list[dict[str, Any]], live: list[dict[str, Any]]) -> list[dict]:
    """A draft's objects with the keys of rows it added cleared: those keys were given in
    a transaction that was rolled back, and may belong to another row by publishing time."""
    known = {(obj["model"], obj["pk"]) for obj in live}
    return [obj if (obj["model"], obj["pk"]) in known else {**obj, "pk": None} for obj in objects]


def _content(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {**obj, "fields": {k: v for k, v in obj["fields"].items() if k not in BOOKKEEPING}}
        for obj in objects
    ]


def is_stale(draft: Draft) -> bool:
    """Whether the live page changed after the draft was made (publishing would undo it)."""
    return _content(snapshot(draft.game)) != _content(draft.based_on)


def apply(draft: Draft) -> None:
    """Make the page and its parts what the draft holds (its bookkeeping columns too:
    the caller sets them)."""
    kept = {(obj["model"], obj["pk"]) for obj in draft.objects_data}
    for name in PAGE_PARTS:
        for row in getattr(draft.game, name).all():
            if (row._meta.label_lower, row.pk) not in kept:
                row.delete()
    for obj in serializers.deserialize("python", draft.objects_data):
        obj.save()
