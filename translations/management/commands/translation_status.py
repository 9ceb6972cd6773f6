"""Per-language completeness of the gettext catalogues and of the admin content.

A missing translation never shows a raw key: gettext and modeltranslation fall back
to English. This command is how translators and staff find what is still English, and
which game-page translations are outdated (the admin's "Game page translations" shows
the same per page).
"""

from collections import Counter
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand
from django.db.models import Count, Q
from django.utils.translation import to_locale
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname

from games.models import Game
from portal import catalogues, languages
from portal.catalogue_quality import english_copies
from translations import content


def catalogue_counts(path: Path) -> tuple[int, int, int]:
    """(translated, fuzzy, total) entries of a .po file, header and obsolete entries excluded."""
    catalogue = catalogues.read(path)
    total = sum(1 for entry in catalogue if not entry.obsolete)
    return len(catalogue.translated_entries()), len(catalogue.fuzzy_entries()), total


def content_counts(code: str, app_label: str) -> tuple[int, int]:
    """(filled, total) translated fields of one app's rows in one language, counting only
    rows whose English value is meant to be translated; one query per model."""
    filled = total = 0
    for model in translator.get_registered_models():
        if model._meta.app_label != app_label or not apps.is_installed(app_label):
            continue
        counts = {}
        for name in translator.get_options_for_model(model).all_fields:
            column = build_localized_fieldname(name, code)
            english = build_localized_fieldname(name, "en")
            meant = ~Q(**{english: ""}) & Q(**{f"{english}__isnull": False})
            done = meant & ~Q(**{column: ""}) & Q(**{f"{column}__isnull": False})
            counts[f"total_{name}"] = Count("pk", filter=meant)
            counts[f"filled_{name}"] = Count("pk", filter=done)
        if counts:
            result = model._default_manager.aggregate(**counts)
            total += sum(value for key, value in result.items() if key.startswith("total_"))
            filled += sum(value for key, value in result.items() if key.startswith("filled_"))
    return filled, total


def page_counts(code: str) -> tuple[int, int, int]:
    """(done, total, outdated) translated fields of the game pages in one language."""
    statuses = Counter(entry.status for entry in content.entries(Game.objects.all(), [code]))
    return statuses[content.Status.DONE], statuses.total(), statuses[content.Status.OUTDATED]


def percent_cell(filled: int, total: int) -> str:
    percent = 100 * filled // total if total else 100
    return f"{filled:>5}/{total:<5} {percent:>3}%"


class Command(BaseCommand):
    help = (
        "Print how complete each language is: site text (Rosetta) and, with --content, "
        "the game pages (done and outdated fields) and the Pokémon names edited in the admin."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--content", action="store_true", help="Also count admin content.")

    def handle(self, *args, **options) -> None:
        base = Path(settings.LOCALE_PATHS[0])
        codes = [code for code, _name in settings.LANGUAGES if code != "en"]
        self.stdout.write(
            f"{'lang':<5} {'site text':>16} {'fuzzy':>6} {'english':>8}"
            + (f"  {'game pages':<16} {'outdated':>8}  Pokémon names" if options["content"] else "")
        )
        for code in codes:
            po = base / to_locale(code) / "LC_MESSAGES" / "django.po"
            if not po.exists():
                po = base / code / "LC_MESSAGES" / "django.po"
            done, fuzzy, total = catalogue_counts(po) if po.exists() else (0, 0, 0)
            percent = 100 * done // total if total else 0
            # Translated but still the English text (outside the allow-list, docs/i18n.md).
            english = len(english_copies(code)) if po.exists() else 0
            line = f"{code:<5} {done:>5}/{total:<5} {percent:>3}% {fuzzy:>6} {english:>8}"
            if options["content"]:
                line += "  " + self.content_line(code)
            self.stdout.write(line)

    def content_line(self, code: str) -> str:
        done, total, outdated = page_counts(code)
        pages = f"{percent_cell(done, total)} {outdated:>8}"
        # Languages without official names show the English ones (docs/pokedex-data.md):
        # nothing is missing there.
        if code in languages.OFFICIAL_NAME_LANGUAGES:
            names = percent_cell(*content_counts(code, "puzzle"))
        else:
            names = "English (no official names)"
        return f"{pages}  {names}"
