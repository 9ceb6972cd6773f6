from django.core.management.base import BaseCommand

from games.content import load_all


class Command(BaseCommand):
    help = "Create the game pages from games/content/*.json (existing pages are left alone)."

    def handle(self, *args, **options) -> None:
        created = load_all()
        if created:
            self.stdout.write(self.style.SUCCESS(f"Created game pages: {', '.join(created)}"))
        else:
            self.stdout.write("All game pages exist; nothing changed.")
