from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

# The groups of translators (Rosetta lets superusers and the members of "translators"
# edit the catalogues) and what they may do with game-page text (docs/translations.md
# "Game pages"), made after every migrate: a data migration would miss the tests'
# database, made from the models.
GROUPS = {
    "translators": ["translate_content"],
    "reviewers": ["translate_content", "review_content"],
}


def grant_permissions(app_config: AppConfig, **_kwargs: object) -> None:
    """After Django has made this app's permissions (its own post_migrate receiver)."""
    if app_config.label != "translations":
        return
    from django.contrib.auth.models import Group, Permission

    for name, codenames in GROUPS.items():
        group, _created = Group.objects.get_or_create(name=name)
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="translations", codename__in=codenames
            )
        )


class TranslationsConfig(AppConfig):
    name = "translations"
    verbose_name = _("Site text translations")

    def ready(self) -> None:
        from rosetta.signals import entry_changed, post_save

        from translations import content, store

        entry_changed.connect(store.record_rosetta_change, dispatch_uid="translations-override")
        post_save.connect(store.rosetta_saved, dispatch_uid="translations-publish")
        content.connect()
        post_migrate.connect(grant_permissions, sender=self, dispatch_uid="translations-groups")
