"""The project's gettext catalogues, ``locale/<code>/LC_MESSAGES/django.po``."""

from pathlib import Path

import polib
from django.conf import settings


def path_of(code: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po"


def languages() -> list[str]:
    """The codes that have a catalogue (every language but English)."""
    found = Path(settings.LOCALE_PATHS[0]).glob("*/LC_MESSAGES/django.po")
    return sorted(path.parent.parent.name for path in found)


def read(path: Path | str) -> polib.POFile:
    return polib.pofile(str(path))
