from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save

# Version of the game pages' content: rendered pages are cached per version
# (portal.pagecache), and any staff edit in this app bumps it.
CONTENT_VERSION = "games"


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from portal import versions

        receiver = versions.bumper(CONTENT_VERSION)
        for model in self.get_models():
            uid = f"bump-games-{model.__name__}"
            post_save.connect(receiver, sender=model, weak=False, dispatch_uid=uid)
            post_delete.connect(receiver, sender=model, weak=False, dispatch_uid=uid)
