from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class PuzzleConfig(AppConfig):
    name = "puzzle"

    def ready(self) -> None:
        # Workers keep the Pokédex and released puzzles in memory (puzzle.memory):
        # every staff edit bumps the version they are keyed by.
        from portal import versions, warmup
        from puzzle import memory
        from puzzle.models import DailyPuzzle, Pokemon

        # A new day's puzzle changes none of the puzzles already held.
        for model, name, on_create in (
            (Pokemon, memory.POKEDEX, True),
            (DailyPuzzle, memory.PUZZLES, False),
        ):
            receiver = versions.bumper(name, on_create=on_create)
            post_save.connect(receiver, sender=model, weak=False, dispatch_uid=f"bump-{name}")
            post_delete.connect(receiver, sender=model, weak=False, dispatch_uid=f"bump-{name}")
        warmup.at_start(memory.load_at_start)
