"""Delete anonymous players (and their games) not seen for a long time, and transfer
codes that can no longer be used.

The privacy page promises that a player's data is kept for at most 400 days after
their last game; run this daily (cron, a scheduled job) in production.
"""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from puzzle.models import Player, TransferCode


class Command(BaseCommand):
    help = "Delete players not seen for PLAYER_RETENTION_DAYS days (default 400)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=settings.PLAYER_RETENTION_DAYS)

    def handle(self, *args: object, days: int, **options: object) -> None:
        cutoff = timezone.now() - timedelta(days=days)
        # Activity is read from the games and practice rounds (a guess starts or finishes
        # one), so the game's own requests never spend a write on a "last seen" date.
        idle = (
            Player.objects.filter(created_at__lt=cutoff)
            .exclude(games__started_at__gte=cutoff)
            .exclude(games__finished_at__gte=cutoff)
            .exclude(practice_rounds__started_at__gte=cutoff)
            .exclude(practice_rounds__finished_at__gte=cutoff)
        )
        deleted = Player.objects.filter(pk__in=idle.values("pk")).erase()
        self.stdout.write(f"Deleted {deleted} rows of players not seen since {cutoff:%Y-%m-%d}.")
        codes, _by_model = TransferCode.objects.filter(expires_at__lt=timezone.now()).delete()
        self.stdout.write(f"Deleted {codes} expired transfer codes.")
