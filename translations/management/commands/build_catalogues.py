"""Build locale/<code>/LC_MESSAGES/django.mo from django.po and the translations saved
in the database, leaving out every entry that breaks its source, as a worker does after
a save: the Makefile and the deploy build the catalogues with it (docs/translations.md)."""

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from portal import catalogues
from translations import catalogue


class Command(BaseCommand):
    help = "Build the .mo catalogues from the .po files and the saved translations."
    requires_system_checks: list[str] = []  # as compilemessages: it runs before a build

    def add_arguments(self, parser) -> None:
        parser.add_argument("--language", help="only this language code")

    def handle(self, *args, language=None, **options) -> None:
        codes = catalogues.languages()
        if language and language not in codes:
            raise CommandError(f"No catalogue for {language!r}; one of {' '.join(codes)}")
        try:
            rows = catalogue.saved()
        except DatabaseError as error:
            # A new checkout builds its catalogues before it creates its database; the
            # workers add the saved translations when they start.
            self.stderr.write(f"Saved translations not read ({error}): built from the files")
            rows = {}
        for code in [language] if language else codes:
            catalogue.build(code, rows.get(code, []), force=True)
