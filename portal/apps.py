from django.apps import AppConfig
from django.db.models.signals import post_migrate


def create_translators_group(app_config, **_kwargs) -> None:
    """Rosetta lets superusers and members of this group edit the catalogues."""
    if app_config.label != "auth":
        return
    from django.contrib.auth.models import Group

    Group.objects.get_or_create(name="translators")


class PortalConfig(AppConfig):
    name = "portal"

    def ready(self) -> None:
        from portal import checks  # noqa: F401  (registers the deploy checks)

        post_migrate.connect(create_translators_group, dispatch_uid="translators")
