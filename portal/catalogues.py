"""The project's gettext catalogues (``locale/<code>/LC_MESSAGES/django.po``), read with
polib.

A catalogue is parsed once per process for as long as its file stays the same (same
modification time and size): the quality checks, ``translation_status`` and the tests
read the same eighteen files many times. Callers read the entries and never change them;
code that edits a catalogue (``export_translations``) parses its own copy.
"""

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import polib
from django.conf import settings


def path_of(code: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po"


def file_version(path: Path | str) -> tuple[int, int]:
    """The file's modification time (ns) and size: what is read from it is read again
    when either changes. Raises ``OSError`` for a missing file, as ``os.stat``."""
    stat = os.stat(path)
    return stat.st_mtime_ns, stat.st_size


def languages() -> list[str]:
    """The codes that have a catalogue (every language but English)."""
    found = Path(settings.LOCALE_PATHS[0]).glob("*/LC_MESSAGES/django.po")
    return sorted(path.parent.parent.name for path in found)


def read(path: Path | str) -> polib.POFile:
    """The parsed catalogue at ``path``, shared: do not change it."""
    return _parse(str(path), *file_version(path))


@lru_cache(maxsize=64)  # every language's catalogue, with room for a copy a test writes
def _parse(path: str, mtime_ns: int, size: int) -> polib.POFile:
    return polib.pofile(path)


@dataclass(frozen=True)
class Summary:
    """A catalogue's counts (the header is not an entry). ``messages`` are the entries
    that are not obsolete; Rosetta's "Messages" column leaves the fuzzy ones out."""

    messages: int
    translated: int
    untranslated: int
    fuzzy: int
    obsolete: int
    percent_translated: int


def summary(path: Path | str) -> Summary:
    """The counts of the catalogue at ``path``, worked out once per version of the file."""
    return _summary(str(path), *file_version(path))


@lru_cache(maxsize=64)
def _summary(path: str, mtime_ns: int, size: int) -> Summary:
    catalogue = _parse(path, mtime_ns, size)
    return Summary(
        messages=sum(1 for entry in catalogue if not entry.obsolete),
        translated=len(catalogue.translated_entries()),
        untranslated=len(catalogue.untranslated_entries()),
        fuzzy=len(catalogue.fuzzy_entries()),
        obsolete=len(catalogue.obsolete_entries()),
        percent_translated=catalogue.percent_translated(),
    )
