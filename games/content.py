"""Page content from the files into the database, without overwriting staff work.

``games/content/<slug>.json`` holds a page in English; ``games/content/i18n/<code>/<slug>.json``
holds the same document with its text translated. Every list entry (section, hero
button, item) carries a stable ``ref``; rows remember it in ``content_key``.

``load_all()`` runs on every deploy. It creates what is new in the files and updates a
field only while the field still holds the value the loader last wrote there (a digest
per column in ``ContentBaseline``). Whatever staff changed, cleared or deleted stays as
they left it (docs/content-updates.md).
"""

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from django.conf import settings
from django.db import models as db_models
from django.db import transaction
from django.db.models import QuerySet
from django.utils import translation
from django.utils.text import normalize_newlines
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname as localized

from games import kinds, models
from portal.baseline import Action, decide, digest
from puzzle import pokedex

CONTENT_DIR = Path(__file__).resolve().parent / "content"
TRANSLATIONS_DIR = CONTENT_DIR / "i18n"

# Section kind → (item model, document keys copied to same-named fields); related
# games also name the linked page (games.kinds).
ITEM_MODELS: dict[str, tuple[type[db_models.Model], tuple[str, ...]]] = {
    kind.value: (models.item_model(kind), kind.fields)
    for kind in kinds.LISTS
    if kind.value != "related"
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
        "in_footer": data.get("in_footer", True),
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


def _list_rows(
    model: type[db_models.Model], game: models.Game
) -> "QuerySet[models.Section | models.Item]":
    """The rows of one of a page's lists: its sections, or its items of one kind."""
    return cast("QuerySet[models.Section | models.Item]", model._default_manager.filter(game=game))


ROW = "@row"  # baseline key marking "the loader created (or adopted) this row"


@dataclass
class Record:
    """One row as the files describe it: column → value, English and translations."""

    model: type[db_models.Model]
    list_name: str
    ref: str
    key: str  # the baseline key: "<slug>" for the page, "<slug>/<list>/<ref>" for rows
    columns: dict[str, Any] = field(default_factory=dict)
    target: str = ""  # related games: the linked page's slug


@dataclass
class Report:
    created_pages: list[str] = field(default_factory=list)
    created_rows: int = 0
    written: int = 0  # fields set from the files
    kept: int = 0  # fields that differ from the files because staff changed them
    # Which: "<baseline key>: <field> [<language>]", for the deploy's log.
    kept_fields: list[str] = field(default_factory=list)


def _translated(model: type[db_models.Model]) -> set[str]:
    return set(translator.get_options_for_model(model).all_fields)


def _text(value: Any) -> Any:
    """Text compared with LF line breaks: rows saved from a browser before the admin
    normalised them hold CRLF, which is no edit of their words."""
    return normalize_newlines(value) if isinstance(value, str) else value


def _field_label(model: type[db_models.Model], column: str) -> str:
    """``objectives_de`` → ``objectives [de]``; an untranslated column as it is."""
    base, _sep, code = column.rpartition("_")
    return f"{base} [{code}]" if base in _translated(model) else column


def _documents_entries(data: dict) -> list[tuple[str, type[db_models.Model], str, dict, str]]:
    """(list name, model, ref, field values, related slug) of a document's rows, in order."""
    entries: list[tuple[str, type[db_models.Model], str, dict, str]] = []
    for order, button in enumerate(data.get("hero_buttons", [])):
        values = {"label": button.get("label", ""), "anchor": button.get("anchor", "")}
        entries.append(("hero", models.HeroButton, button["ref"], {**values, "order": order}, ""))
    for order, section in enumerate(data["sections"]):
        values = {**_section_fields(section), "order": order}
        entries.append(("section", models.Section, section["ref"], values, ""))
        kind = section["kind"]
        for index, item in enumerate(section.get("items", [])):
            if kind in ITEM_MODELS:
                model, keys = ITEM_MODELS[kind]
                values = {**_item_fields(item, keys), "order": index}
                if model is models.Weapon:
                    values = _split_stats(values)
                entries.append((kind, model, item["ref"], values, ""))
            elif kind == "related":
                values = {"blurb": item.get("blurb", ""), "order": index}
                entries.append(("related", models.RelatedGame, item["ref"], values, item["slug"]))
    return entries


def records_for(data: dict, translated: dict[str, dict]) -> tuple[Record, list[Record]]:
    """The page's record and its rows' records, with every language's columns."""
    slug = data["slug"]
    page = Record(models.Game, "game", "", slug)
    rows: dict[str, Record] = {}
    game_translated = _translated(models.Game)
    for name, value in _game_fields(data).items():
        page.columns[localized(name, "en") if name in game_translated else name] = value
    for list_name, model, ref, values, target in _documents_entries(data):
        record = Record(model, list_name, ref, f"{slug}/{list_name}/{ref}", target=target)
        fields = _translated(model)
        for name, value in values.items():
            record.columns[localized(name, "en") if name in fields else name] = value
        rows[record.key] = record
    for code, document in translated.items():
        for name, value in _game_fields(document).items():
            if name in game_translated:
                page.columns[localized(name, code)] = value or None
        for list_name, model, ref, values, _target in _documents_entries(document):
            row = rows.get(f"{slug}/{list_name}/{ref}")
            if row is None:
                continue
            if model is models.EvolutionItem:
                values = _official_names(values, code)
            for name in _translated(model):
                if name in values:
                    row.columns[localized(name, code)] = values[name] or None
    return page, list(rows.values())


def _split_stats(values: dict) -> dict:
    """A weapon's stat in the files is a percentage ("85", the same in every language,
    kept in its untranslated column) or words ("Area Effect", translated)."""
    split = dict(values)
    for name in models.STATS:
        text = str(values.get(name, ""))
        percent = models.is_percentage(text)
        split[f"{name}_percent"] = int(text.strip().removesuffix("%")) if percent else None
        split[name] = "" if percent else text
    return split


def _official_names(values: dict, code: str) -> dict:
    """Pokémon named in an evolution card get their official name in ``code``."""
    local = dict(values)
    named = [values[name] for name in ("base", "evolved") if values.get(name)]
    official = pokedex.official_names(named, code)
    for name in ("base", "evolved"):
        if values.get(name) in official:
            local[name] = official[values[name]]
    return local


class Loader:
    """One run of ``load_games``: reads every baseline once, writes what changed."""

    def __init__(self) -> None:
        self.baselines = {b.key: b for b in models.ContentBaseline.objects.all()}
        self.dirty: dict[str, models.ContentBaseline] = {}
        self.report = Report()

    def _remember(self, key: str, digests: dict[str, str]) -> None:
        baseline = self.baselines.get(key) or models.ContentBaseline(key=key, digests={})
        baseline.digests = {**baseline.digests, **digests}
        self.baselines[key] = self.dirty[key] = baseline

    def _create(self, record: Record, **extra: Any) -> db_models.Model:
        row = record.model(**extra)
        for column, value in record.columns.items():
            setattr(row, column, value)
        row.save()
        self._remember(record.key, {ROW: "", **{c: digest(v) for c, v in record.columns.items()}})
        self.report.created_rows += 1
        return row

    def _update(self, row: db_models.Model, record: Record) -> None:
        known = self.baselines.get(record.key)
        digests = known.digests if known else {}
        changed, remembered = [], {ROW: ""}
        for column, new in record.columns.items():
            new = _text(new)
            action = decide(_text(getattr(row, column)), new, digests.get(column))
            if action is Action.WRITE:
                setattr(row, column, new)
                changed.append(column)
            if action is Action.KEEP:
                self.report.kept += 1
                self.report.kept_fields.append(
                    f"{record.key}: {_field_label(record.model, column)}"
                )
            else:
                remembered[column] = digest(new)
        if changed:
            row.save(update_fields=changed)
            self.report.written += len(changed)
        if any(digests.get(c) != d for c, d in remembered.items()):
            self._remember(record.key, remembered)

    def _adopt(self, game: models.Game, records: list[Record]) -> None:
        """Rows made before keys existed get their ref: by position when every row still
        resembles the file's entry at its place, else each entry takes the first free row
        resembling it. File entries left without a row are taken as deleted by staff;
        rows left without an entry count as added by staff."""
        by_list: dict[str, list[Record]] = {}
        for record in records:
            by_list.setdefault(record.list_name, []).append(record)
        for wanted in by_list.values():
            model = wanted[0].model
            rows = list(_list_rows(model, game).order_by("order", "id"))
            if any(r.content_key for r in rows):
                continue
            if len(rows) == len(wanted) and all(map(self._resembles, rows, wanted)):
                pairs = list(zip(rows, wanted, strict=True))
            else:
                pairs, free = [], list(rows)
                for record in wanted:
                    match = next((r for r in free if self._resembles(r, record)), None)
                    if match is None:
                        self._remember(record.key, {})
                    else:
                        free.remove(match)
                        pairs.append((match, record))
            for row, record in pairs:
                row.content_key = record.ref
                row.save(update_fields=["content_key"])

    @staticmethod
    def _resembles(row: db_models.Model, record: Record) -> bool:
        """Some English text of the row equals the file's (or, for rows without text,
        every plain field does)."""
        texts = {c: v for c, v in record.columns.items() if c.endswith("_en") and v}
        if texts:
            return any(getattr(row, c) == v for c, v in texts.items())
        translated = _translated(record.model)
        plain = {
            c: v
            for c, v in record.columns.items()
            if c != "order" and c.rpartition("_")[0] not in translated
        }
        return all(getattr(row, c) == v for c, v in plain.items())

    def _sync_rows(self, game: models.Game, records: list[Record]) -> None:
        existing: dict[tuple[type, str], models.Section | models.Item] = {}
        for model in {r.model for r in records}:
            for row in _list_rows(model, game).exclude(content_key=""):
                existing[(model, row.content_key)] = row
        for record in records:
            current = existing.get((record.model, record.ref))
            if current is not None:
                self._update(current, record)
            elif record.key in self.baselines:
                continue  # staff deleted it: it does not come back
            elif record.model is models.RelatedGame:
                target = models.Game.objects.filter(slug=record.target).first()
                if target is not None and target != game:
                    self._create(record, game=game, target=target, content_key=record.ref)
            else:
                self._create(record, game=game, content_key=record.ref)

    def load(self, documents: list[dict]) -> Report:
        pages = []
        with translation.override("en"), transaction.atomic():
            for data in documents:
                page, records = records_for(data, translations_for(data["slug"]))
                game = models.Game.objects.filter(slug=data["slug"]).first()
                if game is None and page.key in self.baselines:
                    continue  # staff deleted the page
                if game is None:
                    created = self._create(page, slug=data["slug"])
                    assert isinstance(created, models.Game)  # the page's record is its Game
                    game = created
                    self.report.created_pages.append(data["slug"])
                elif page.key not in self.baselines:
                    self._adopt(game, records)
                pages.append((game, page, records))
            for game, page, records in pages:
                self._update(game, page)
                self._sync_rows(game, records)
            for baseline in self.dirty.values():
                baseline.save()
        return self.report


def load_all() -> Report:
    """Bring the database up to date with the content files (see the module docstring)."""
    return Loader().load([read(path) for path in content_files()])
