from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TranslationsConfig(AppConfig):
    name = "translations"
    verbose_name = _("Site text translations")

    def ready(self) -> None:
        from rosetta.signals import entry_changed, post_save

        from translations import store

        entry_changed.connect(store.record_rosetta_change, dispatch_uid="translations-override")
        post_save.connect(store.rosetta_saved, dispatch_uid="translations-publish")
