"""Initial page content into the database.

``games/content/<slug>.json`` holds a page in English; ``games/content/i18n/<code>/<slug>.json``
holds the same document with its text translated. ``load_all()`` creates the games that
do not exist yet, and fills translation columns that are still empty, so running setup
again never overwrites what staff changed in the admin.
"""

import json
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.db import models as db_models
from django.db import transaction
from django.utils import translation
from modeltranslation.translator import translator

from games import models

CONTENT_DIR = Path(__file__).resolve().parent / "content"
TRANSLATIONS_DIR = CONTENT_DIR / "i18n"

# Section kind → (item model, document keys copied to same-named fields).
ITEM_MODELS: dict[str, tuple[type[db_models.Model], tuple[str, ...]]] = {
    "features": (models.FeatureCard, ("key", "icon", "title", "description")),
    "steps": (models.Step, ("title", "description")),
    "controls": (models.Control, ("group", "keys", "action")),
    "tips": (models.Tip, ("key", "type", "title", "description")),
    "weapons": (models.Weapon, ("name", "category", "damage", "accuracy", "range", "description")),
    "missions": (models.Mission, ("number", "title", "difficulty", "objectives", "description")),
    "evolution": (models.EvolutionItem, ("base", "evolved", "requirements", "benefits")),
    "timeline": (models.TimelineItem, ("year", "event")),
    "faq": (models.FaqItem, ("question", "answer")),
}


def content_files() -> list[Path]:
    return sorted(CONTENT_DIR.glob("*.json"))


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def translations_for(slug: str) -> dict[str, dict]:
    """Translated documents of one page, by language code."""
    found = {}
    for code, _name in settings.LANGUAGES:
        path = TRANSLATIONS_DIR / code / f"{slug}.json"
        if code != "en" and path.exists():
            found[code] = read(path)
    return found


def _game_fields(data: dict) -> dict:
    frame = data["frame"]
    return {
        "order": data.get("order", 0),
        "name": data["name"],
        "genre": data.get("genre", ""),
        "developer": data.get("developer", ""),
        "seo_title": data["seo_title"],
        "seo_description": data["seo_description"],
        "seo_keywords": data.get("seo_keywords", ""),
        "hero_title": data["hero_title"],
        "hero_text": data["hero_text"],
        "decorative_dots": data.get("decorative_dots", 0),
        "frame_anchor": frame.get("anchor", "play-now"),
        "frame_heading": frame.get("heading", ""),
        "frame_url": frame["url"],
        "frame_title": frame.get("title") or data["name"],
        "frame_allow": frame.get("allow", "fullscreen"),
        "frame_lazy": frame.get("lazy", True),
        "frame_height": frame.get("height") or "600px",
        "frame_height_small": frame.get("height_small", ""),
        "frame_aspect_ratio": frame.get("aspect_ratio", ""),
        "frame_max_height": frame.get("max_height", ""),
        "frame_hint": frame.get("hint", ""),
    }


def _section_fields(section: dict) -> dict:
    link = section.get("link") or {}
    return {
        "kind": section["kind"],
        "anchor": section.get("anchor", ""),
        "heading": section.get("heading", ""),
        "body": section.get("body") or section.get("intro", ""),
        "mode": section.get("mode", "single"),
        "link_label": link.get("label", ""),
        "link_anchor": link.get("anchor", ""),
    }


def _item_fields(item: dict, keys: tuple[str, ...]) -> dict:
    values = {key: item.get(key, "") for key in keys}
    if isinstance(values.get("objectives"), list):
        values["objectives"] = "\n".join(values["objectives"])
    return values


def _rows(game: models.Game) -> dict[str, list[db_models.Model]]:
    """A game's child rows by list, in page order, read once per load."""
    rows: dict[str, list[db_models.Model]] = {
        "hero_buttons": list(game.hero_buttons.all()),
        "sections": list(game.sections.all()),
        "related": list(game.related.all()),
    }
    for kind, (model, _keys) in ITEM_MODELS.items():
        rows[kind] = list(model.objects.filter(game=game).order_by("order", "id"))
    return rows


def _pairs(
    game: models.Game, rows: dict[str, list[db_models.Model]], data: dict
) -> Iterator[tuple[db_models.Model, dict]]:
    """Each row of a game with the document values it was made from, in order.
    A list whose length staff changed is skipped: its rows no longer line up."""
    yield game, _game_fields(data)
    lists: list[tuple[str, list[dict]]] = [
        ("hero_buttons", data.get("hero_buttons", [])),
        ("sections", [_section_fields(s) for s in data["sections"]]),
    ]
    for section in data["sections"]:
        items = section.get("items", [])
        if section["kind"] in ITEM_MODELS:
            keys = ITEM_MODELS[section["kind"]][1]
            lists.append((section["kind"], [_item_fields(i, keys) for i in items]))
        elif section["kind"] == "related":
            lists.append(("related", [{"blurb": i.get("blurb", "")} for i in items]))
    for name, values in lists:
        if len(rows[name]) == len(values):
            yield from zip(rows[name], values, strict=True)


def _official_names(values: dict, code: str) -> dict:
    """Pokémon named in an evolution card get their official name in ``code``."""
    from puzzle.models import Pokemon

    suffix = code.replace("-", "_")
    local = dict(values)
    for field in ("base", "evolved"):
        pokemon = Pokemon.objects.filter(name_en=values.get(field)).first()
        if pokemon:
            local[field] = getattr(pokemon, f"name_{suffix}", None) or pokemon.name_en
    return local


def fill_translations(game: models.Game, data: dict, translated: dict[str, dict]) -> int:
    """Copy translated text into empty ``<field>_<code>`` columns; returns fields set."""
    filled = 0
    rows = _rows(game)
    english = [row for row, _values in _pairs(game, rows, data)]
    for code, document in translated.items():
        suffix = code.replace("-", "_")
        local = [values for _row, values in _pairs(game, rows, document)]
        for row, values in zip(english, local, strict=False):
            if isinstance(row, models.EvolutionItem):
                values = _official_names(values, code)
            fields = translator.get_options_for_model(type(row)).fields
            changed = []
            for field in fields:
                column = f"{field}_{suffix}"
                value = values.get(field)
                if value and not getattr(row, column):
                    setattr(row, column, value)
                    changed.append(column)
            if changed:
                row.save(update_fields=changed)
                filled += len(changed)
    return filled


def create_game(data: dict) -> models.Game:
    """Create one game with all its sections and items (English columns)."""
    with translation.override("en"), transaction.atomic():
        game = models.Game.objects.create(slug=data["slug"], **_game_fields(data))
        for order, button in enumerate(data.get("hero_buttons", [])):
            models.HeroButton.objects.create(game=game, order=order, **button)
        for order, section in enumerate(data["sections"]):
            models.Section.objects.create(game=game, order=order, **_section_fields(section))
            if section["kind"] in ITEM_MODELS:
                model, keys = ITEM_MODELS[section["kind"]]
                for index, item in enumerate(section.get("items", [])):
                    model.objects.create(game=game, order=index, **_item_fields(item, keys))
        return game


def link_related(data: dict) -> None:
    """Related-game cards point at other games, so they are added once all exist."""
    game = models.Game.objects.get(slug=data["slug"])
    if game.related.exists():
        return
    with translation.override("en"):
        for section in data["sections"]:
            if section["kind"] != "related":
                continue
            for order, item in enumerate(section.get("items", [])):
                target = models.Game.objects.filter(slug=item["slug"]).first()
                if target:
                    models.RelatedGame.objects.create(
                        game=game, target=target, order=order, blurb=item.get("blurb", "")
                    )


def load_all() -> tuple[list[str], int]:
    """Create the games that are missing and fill empty translations.
    Returns the slugs created and the number of translated fields filled."""
    created = []
    documents = [read(path) for path in content_files()]
    for data in documents:
        if not models.Game.objects.filter(slug=data["slug"]).exists():
            create_game(data)
            created.append(data["slug"])
    for data in documents:
        if data["slug"] in created:
            link_related(data)
    filled = 0
    for data in documents:
        translated = translations_for(data["slug"])
        if translated:
            game = models.Game.objects.get(slug=data["slug"])
            with transaction.atomic():
                filled += fill_translations(game, data, translated)
    return created, filled
