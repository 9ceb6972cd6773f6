"""Save today's and tomorrow's daily puzzles ahead of midnight.

A day's puzzle row is otherwise written by the first guess of that day
(``DailyPuzzle.for_date``), which at 00:00 UTC is the busiest moment of the day. Run
this daily before midnight (``deploy/systemd/pokeguess-daily.timer``) and that guess
finds the row already there. Staff can still change an upcoming automatic pick in the
admin; the command never touches a row that exists.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand

from puzzle.models import DailyPuzzle, launch_date, today


class Command(BaseCommand):
    help = "Save the puzzles of today and tomorrow (UTC), if they have no row yet."

    def handle(self, *args: object, **options: object) -> None:
        day = today()
        for planned in (day, day + timedelta(days=1)):
            if planned < launch_date():
                self.stdout.write(f"{planned}: before the launch date, nothing to plan.")
                continue
            puzzle = DailyPuzzle.for_date(planned, save=True)
            self.stdout.write(f"{planned}: puzzle #{puzzle.number} is saved.")
