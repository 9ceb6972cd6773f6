"""Load ``puzzle/data/pokedex.json`` into the Pokémon table, idempotently.

Data fields (names, other accepted names, types, sizes…) follow the file only while
they still hold what the import last wrote there (a digest per field in
``Pokemon.import_digests``): a name or accepted name staff changed stays as they left it
(docs/content-updates.md). Pool membership and uploaded artwork are set only when a
row is first created. Rows are written only when something changes, so an unchanged
deploy keeps the Pokédex's stamp and the names list's URL (puzzle/pokedex.py).
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from modeltranslation.utils import build_localized_fieldname

from portal.baseline import Action, decide, digest
from puzzle import pokedex
from puzzle.models import Pokemon

DATA = Path(__file__).resolve().parents[2] / "data" / "pokedex.json"
# Our language code → the name key in the data file (official names exist for these: docs/design.md "Languages").
NAME_LANGUAGES = {
    "en": "en",
    "de": "de",
    "fr": "fr",
    "es": "es",
    "it": "it",
    "ja": "ja",
    "ko": "ko",
    "ru": "ru",
    "th": "th",
    "zh": "zh-hans",
}
# Spellings people type for names with symbols (docs/design.md "Languages"): the letter,
# and the word for female or male in each language the site speaks where Nidoran keeps
# its symbol, as its players say it aloud.
ALIASES = {
    29: [
        "Nidoran F",
        "Nidoran female",
        "Nidoran femelle",
        "Nidoran hembra",
        "Nidoran weiblich",
        "Nidoran femmina",
        "Nidoran fêmea",
        "Nidoran vrouwtje",
        "Nidoran hun",
        "Nidoran samica",
        "Nidoran hunn",
        "Nidoran babae",
        "Nidoran cái",
        "Нидоран самка",
        "ニドランメス",
        "니드런암컷",
        "นิโดรันตัวเมีย",
    ],
    32: [
        "Nidoran M",
        "Nidoran male",
        "Nidoran mâle",
        "Nidoran macho",
        "Nidoran männlich",
        "Nidoran maschio",
        "Nidoran mannetje",
        "Nidoran han",
        "Nidoran samiec",
        "Nidoran lalaki",
        "Nidoran đực",
        "Нидоран самец",
        "ニドランオス",
        "니드런수컷",
        "นิโดรันตัวผู้",
    ],
}


def data_aliases(entry: dict) -> list[str]:
    """Older, fan and transliterated spellings from the data file (docs/pokedex-data.md)."""
    return [name for names in entry.get("aliases", {}).values() for name in names]


class Command(BaseCommand):
    help = "Create or update every Pokémon from puzzle/data/pokedex.json."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--file", default=str(DATA))

    def handle(self, *args, **options) -> None:
        entries = json.loads(Path(options["file"]).read_text(encoding="utf-8"))
        existing = Pokemon.objects.in_bulk()
        created = updated = kept = 0
        to_create: list[Pokemon] = []
        now = timezone.now()
        with transaction.atomic():
            for entry in entries:
                fields = self.fields_of(entry)
                pokemon = existing.get(entry["id"])
                if pokemon is None:
                    digests = {column: digest(value) for column, value in fields.items()}
                    to_create.append(
                        Pokemon(
                            id=entry["id"],
                            name=fields["name_en"],
                            in_daily_pool=entry["artwork"],
                            import_digests=digests,
                            **fields,
                        )
                    )
                    continue
                known = pokemon.import_digests or {}
                changes, digests = {}, dict(known)
                for column, new in fields.items():
                    # Rows from before digests existed were always overwritten: once more.
                    action = decide(
                        getattr(pokemon, column), new, known.get(column), untracked_write=not known
                    )
                    if action is Action.KEEP:
                        kept += 1
                        continue
                    digests[column] = digest(new)
                    if action is Action.WRITE:
                        changes[column] = new
                if "name_en" in changes:
                    changes["name"] = changes["name_en"]
                if changes:
                    # update() skips auto_now: set it, so name lookups rebuild. A new
                    # version: an admin form opened before cannot undo it (portal.admin_lock).
                    changes["updated_at"] = now
                    changes["version"] = F("version") + 1
                    updated += 1
                if changes or digests != known:
                    Pokemon.objects.filter(pk=pokemon.pk).update(import_digests=digests, **changes)
            # New rows in a few statements (a new database gets all 1,025 at once).
            created = len(Pokemon.objects.bulk_create(to_create, batch_size=500))
            if created or updated:
                pokedex.changed()  # update() and bulk_create() send no signals
        self.stdout.write(
            self.style.SUCCESS(
                f"Pokédex: {created} created, {updated} updated, "
                f"{kept} fields kept as staff left them."
            )
        )

    @staticmethod
    def fields_of(entry: dict) -> dict:
        """The columns the file decides, from one entry of the data file."""
        fields = {
            build_localized_fieldname("name", code): entry["names"].get(key) or None
            for code, key in NAME_LANGUAGES.items()
        }
        extra = [entry["names"].get("zh-hant"), *ALIASES.get(entry["id"], [])]
        extra += data_aliases(entry)
        types = entry["types"]
        fields.update(
            extra_names=[n for n in dict.fromkeys(extra) if n and n != fields["name_zh"]],
            type1=types[0],
            type2=types[1] if len(types) > 1 else "",
            generation=entry["generation"],
            stage=entry["stage"],
            color=entry["color"],
            height=entry["height"],
            weight=entry["weight"],
            has_default_artwork=entry["artwork"],
        )
        return fields
