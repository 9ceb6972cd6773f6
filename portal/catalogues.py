"""The project's gettext catalogues, ``locale/<code>/LC_MESSAGES/django.po``."""

from pathlib import Path

import polib
from django.conf import settings

from portal import po_writer


def path_of(code: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po"


def languages() -> list[str]:
    """The codes that have a catalogue (every language but English)."""
    found = Path(settings.LOCALE_PATHS[0]).glob("*/LC_MESSAGES/django.po")
    return sorted(path.parent.parent.name for path in found)


def read(path: Path | str) -> po_writer.GettextPOFile:
    """The catalogue at ``path``; saving it changes only the entries that changed."""
    return po_writer.read(path)


def find(po: polib.POFile, msgid: str, msgctxt: str | None) -> polib.POEntry | None:
    """The entry of ``msgid`` in exactly that context (None or "": none). polib's own
    ``find(msgctxt=False)`` takes any context, so a word without one would find the
    same word with a context ("Dark" the theme for "Dark" the type)."""
    for entry in po:
        same = entry.msgid == msgid and (entry.msgctxt or None) == (msgctxt or None)
        if same and not entry.obsolete:
            return entry
    return None
