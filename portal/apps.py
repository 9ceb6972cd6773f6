from django.apps import AppConfig


class PortalConfig(AppConfig):
    name = "portal"

    def ready(self) -> None:
        from portal import checks  # noqa: F401  (registers the deploy checks)
