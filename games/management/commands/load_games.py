from django.core.management.base import BaseCommand

from games.content import load_all


class Command(BaseCommand):
    help = (
        "Create the game pages from games/content/*.json and fill empty translations from "
        "games/content/i18n/ (what staff edited is left alone)."
    )

    def handle(self, *args, **options) -> None:
        created, filled = load_all()
        if created:
            self.stdout.write(self.style.SUCCESS(f"Created game pages: {', '.join(created)}"))
        if filled:
            self.stdout.write(f"Filled {filled} empty translated fields.")
        if not created and not filled:
            self.stdout.write("Game pages are up to date; nothing changed.")
