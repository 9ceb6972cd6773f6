from django.core.management.base import BaseCommand

from games.content import load_all


class Command(BaseCommand):
    help = (
        "Bring the game pages up to date with games/content/ (new pages, rows and text); "
        "fields, rows and pages staff changed or deleted are left alone."
    )

    def handle(self, *args, **options) -> None:
        report = load_all()
        if report.created_pages:
            pages = ", ".join(report.created_pages)
            self.stdout.write(self.style.SUCCESS(f"Created game pages: {pages}"))
        self.stdout.write(
            f"Game pages: {report.created_rows} rows created, {report.written} fields "
            f"updated from the files, {report.kept} fields kept as staff left them."
        )
        # Each by name: a content update that did not land says where to look.
        for kept in report.kept_fields:
            self.stdout.write(f"  kept: {kept}")
