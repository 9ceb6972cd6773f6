"""Write the translations saved in Rosetta (database) into locale/<code>/LC_MESSAGES/
django.po and build the .mo files: run it before committing the catalogues, to keep the
saved text in git (docs/translations.md)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from portal import catalogues
from translations import catalogue
from translations.models import TranslationOverride


class Command(BaseCommand):
    help = "Write the translations saved in Rosetta into locale/*/LC_MESSAGES/django.po."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--language", help="only this language code")

    def handle(self, *args, language=None, **options) -> None:
        codes = [code for code, _name in settings.LANGUAGES if code != "en"]
        if language:
            if language not in codes:
                raise CommandError(f"Unknown language {language!r}; one of {' '.join(codes)}")
            codes = [language]
        total = 0
        for code in codes:
            rows = list(TranslationOverride.objects.filter(language=code))
            if not rows:
                continue
            path = catalogues.path_of(code)
            if not path.exists():
                self.stderr.write(f"{code}: {path} is missing, skipped")
                continue
            po = catalogues.read(path)
            changed = 0
            for row in rows:
                entry = catalogues.find(po, row.msgid, row.msgctxt)
                if entry is None:
                    self.stderr.write(f"{code}: {row.msgid[:60]!r} is no longer in the source")
                    continue
                if row.problems():
                    self.stderr.write(f"{code}: {row.msgid[:60]!r} breaks its source, skipped")
                    continue
                before = (entry.msgstr, dict(entry.msgstr_plural), list(entry.flags))
                row.apply_to(entry)
                if before != (entry.msgstr, dict(entry.msgstr_plural), list(entry.flags)):
                    changed += 1
            if changed:
                po.save()  # only the changed entries' lines (portal.po_writer)
                catalogue.build(code, rows)
            total += changed
            self.stdout.write(f"{code}: {changed} of {len(rows)} saved translations written")
        self.stdout.write(f"{total} entries written")
