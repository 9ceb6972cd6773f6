"""Load ``puzzle/data/pokedex.json`` into the Pokémon table, idempotently.

Data fields (names, types, sizes…) are updated from the file; what staff decide —
pool membership and uploaded artwork — is set only when a row is first created.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from portal import versions
from puzzle import memory
from puzzle.models import Pokemon

DATA = Path(__file__).resolve().parents[2] / "data" / "pokedex.json"
# Our language code → the name key in the data file (spec: official names exist for these).
NAME_LANGUAGES = {
    "en": "en",
    "de": "de",
    "fr": "fr",
    "es": "es",
    "ja": "ja",
    "ko": "ko",
    "ru": "ru",
    "th": "th",
    "zh": "zh-hans",
}
# Spellings people type for names with symbols (DESIGN "Languages", issue examples).
ALIASES = {29: ["Nidoran F"], 32: ["Nidoran M"]}


class Command(BaseCommand):
    help = "Create or update every Pokémon from puzzle/data/pokedex.json."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--file", default=str(DATA))

    def handle(self, *args, **options) -> None:
        entries = json.loads(Path(options["file"]).read_text(encoding="utf-8"))
        existing = set(Pokemon.objects.values_list("id", flat=True))
        created = updated = 0
        now = timezone.now()
        with transaction.atomic():
            for entry in entries:
                fields = {
                    f"name_{code}": entry["names"].get(key) or None
                    for code, key in NAME_LANGUAGES.items()
                }
                fields["name"] = entry["names"]["en"]
                extra = [entry["names"].get("zh-hant"), *ALIASES.get(entry["id"], [])]
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
                if entry["id"] in existing:
                    # update() skips auto_now: set it, so name lookups rebuild.
                    Pokemon.objects.filter(pk=entry["id"]).update(updated_at=now, **fields)
                    updated += 1
                else:
                    Pokemon.objects.create(id=entry["id"], in_daily_pool=entry["artwork"], **fields)
                    created += 1
        versions.bump(memory.POKEDEX)  # update() sends no signals: workers reload once
        self.stdout.write(self.style.SUCCESS(f"Pokédex: {created} created, {updated} updated."))
