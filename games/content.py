"""Initial page content: ``games/content/<slug>.json`` (English) into the database.

``load_all()`` creates only the games that do not exist yet, so running setup again
never overwrites what staff changed in the admin.
"""

import json
from pathlib import Path

from django.db import transaction
from django.utils import translation

from games import models

CONTENT_DIR = Path(__file__).resolve().parent / "content"

ITEM_MODELS: dict[str, tuple[type, tuple[str, ...]]] = {
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


def create_game(data: dict) -> models.Game:
    """Create one game with all its sections and items (English columns)."""
    with translation.override("en"), transaction.atomic():
        game = models.Game.objects.create(slug=data["slug"], **_game_fields(data))
        for order, button in enumerate(data.get("hero_buttons", [])):
            models.HeroButton.objects.create(game=game, order=order, **button)
        for order, section in enumerate(data["sections"]):
            link = section.get("link") or {}
            models.Section.objects.create(
                game=game,
                order=order,
                kind=section["kind"],
                anchor=section.get("anchor", ""),
                heading=section.get("heading", ""),
                body=section.get("body") or section.get("intro", ""),
                mode=section.get("mode", "single"),
                link_label=link.get("label", ""),
                link_anchor=link.get("anchor", ""),
            )
            items = section.get("items", [])
            if section["kind"] in ITEM_MODELS:
                model, fields = ITEM_MODELS[section["kind"]]
                for index, item in enumerate(items):
                    values = {f: item.get(f, "") for f in fields}
                    if "objectives" in values and isinstance(values["objectives"], list):
                        values["objectives"] = "\n".join(values["objectives"])
                    model.objects.create(game=game, order=index, **values)
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


def load_all() -> list[str]:
    """Create the games that are missing; returns the slugs created."""
    created = []
    documents = [read(path) for path in content_files()]
    for data in documents:
        if not models.Game.objects.filter(slug=data["slug"]).exists():
            create_game(data)
            created.append(data["slug"])
    for data in documents:
        if data["slug"] in created:
            link_related(data)
    return created
