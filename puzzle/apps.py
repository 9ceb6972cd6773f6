from django.apps import AppConfig


class PuzzleConfig(AppConfig):
    name = "puzzle"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from puzzle import names
        from puzzle.models import Pokemon

        def data_changed(**_kwargs) -> None:
            names.bump_version()

        post_save.connect(data_changed, sender=Pokemon, weak=False, dispatch_uid="pokedex-version")
        post_delete.connect(
            data_changed, sender=Pokemon, weak=False, dispatch_uid="pokedex-version-del"
        )
