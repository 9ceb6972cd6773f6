"""Per-language completeness of the gettext catalogues and of the admin content.

A missing translation never shows a raw key: gettext and modeltranslation fall back
to English. This command is how translators and staff find what is still English.
"""

from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils.translation import to_locale
from modeltranslation.translator import translator

from portal.catalogue_quality import english_copies


def catalogue_counts(path: Path) -> tuple[int, int, int]:
    """(translated, fuzzy, total) entries of a .po file, header excluded."""
    translated = fuzzy = total = 0
    # The entry being read: its msgid, its msgstr (one per plural form), its fuzzy flag.
    msgid: str | None = None
    msgstrs: list[str] = []
    is_fuzzy = False

    def close() -> None:
        nonlocal translated, fuzzy, total
        if not msgid:
            return
        total += 1
        if is_fuzzy:
            fuzzy += 1
        elif all(msgstrs or [""]):
            translated += 1

    field = None
    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            close()
            msgid, msgstrs, is_fuzzy, field = None, [], False, None
        elif line.startswith("#,") and "fuzzy" in line:
            is_fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid "):
            msgid = line[7:-1]
            field = "msgid"
        elif line.startswith("msgid_plural"):
            field = None
        elif line.startswith("msgstr"):
            msgstrs.append(line.split(" ", 1)[1][1:-1])
            field = "msgstr"
        elif line.startswith('"') and field == "msgid":
            msgid = (msgid or "") + line[1:-1]
        elif line.startswith('"') and field == "msgstr":
            msgstrs[-1] += line[1:-1]
    return translated, fuzzy, total


class Command(BaseCommand):
    help = "Print how complete each language is: site text (Rosetta) and admin content."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--content", action="store_true", help="Also count admin content.")

    def handle(self, *args, **options) -> None:
        base = Path(settings.LOCALE_PATHS[0])
        codes = [code for code, _name in settings.LANGUAGES if code != "en"]
        self.stdout.write(
            f"{'lang':<5} {'site text':>16} {'fuzzy':>6} {'english':>8}"
            + ("  admin content" if options["content"] else "")
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
        filled = total = 0
        for model in translator.get_registered_models():
            if not apps.is_installed(model._meta.app_label):
                continue
            fields = translator.get_options_for_model(model).all_fields
            for name in fields:
                column = f"{name}_{code.replace('-', '_')}"
                english = f"{name}_en"
                rows = model._default_manager.exclude(**{english: ""}).exclude(
                    **{f"{english}__isnull": True}
                )
                total += rows.count()
                filled += (
                    rows.exclude(**{column: ""}).exclude(**{f"{column}__isnull": True}).count()
                )
        percent = 100 * filled // total if total else 0
        return f"{filled:>6}/{total:<6} {percent:>3}%"
