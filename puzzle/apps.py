from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class PuzzleConfig(AppConfig):
    name = "puzzle"

    def ready(self) -> None:
        from puzzle import pokedex
        from puzzle.models import Pokemon

        # Every save or delete of a Pokémon tells the workers (code that writes with
        # update() or bulk_create() calls pokedex.changed() itself).
        post_save.connect(pokedex.changed, sender=Pokemon, dispatch_uid="pokedex-saved")
        post_delete.connect(pokedex.changed, sender=Pokemon, dispatch_uid="pokedex-deleted")
