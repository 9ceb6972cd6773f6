"""Translations saved in Rosetta or the admin reach every worker of every node
(docs/translations.md).

A save is a ``TranslationOverride`` row; ``publish`` then builds this machine's
catalogues (``translations.catalogue``) and sets a new revision in the shared cache.
``CatalogueMiddleware`` looks, at most every ``TRANSLATIONS_CHECK_SECONDS``, at that
revision and at this machine's ``.mo`` files: when either moved, it builds the
catalogues (which writes nothing if another worker already did) and has Django read
them again.
"""

import logging
import math
import time
import uuid
from pathlib import Path

from django.conf import settings
from django.core.cache import cache

from translations import catalogue, django_caches

log = logging.getLogger(__name__)
REVISION_KEY = "translations:revision"


def is_project_catalogue(path: str) -> bool:
    try:
        Path(path).resolve().relative_to(Path(settings.LOCALE_PATHS[0]).resolve())
    except ValueError:
        return False
    return True


def publish() -> None:
    """After a save: this machine's catalogues now, the other workers and nodes at
    their next check."""
    catalogue.build_all()
    bump_revision()


def bump_revision() -> None:
    cache.set(REVISION_KEY, uuid.uuid4().hex, None)


def files_stamp() -> tuple[tuple[int, int], ...]:
    """This machine's .mo files: a build replaces a file (a new inode), which tells the
    other workers of the machine even with a per-process (local-memory) cache."""
    found = sorted(Path(settings.LOCALE_PATHS[0]).glob("*/LC_MESSAGES/django.mo"))
    return tuple((stat.st_ino, stat.st_mtime_ns) for stat in map(Path.stat, found))


def record_rosetta_change(sender, user=None, pofile=None, language_code=None, **_kwargs) -> None:
    """Receiver of Rosetta's ``entry_changed``; ``sender`` is the polib entry."""
    from translations.models import TranslationOverride

    if not pofile or not language_code or not is_project_catalogue(pofile):
        return
    entry = sender
    TranslationOverride.objects.update_or_create(
        language=language_code,
        msgctxt=entry.msgctxt or "",
        msgid=entry.msgid,
        defaults={
            "msgid_plural": entry.msgid_plural or "",
            "msgstr": entry.msgstr or "",
            "msgstr_plural": {str(k): v for k, v in (entry.msgstr_plural or {}).items()},
            "fuzzy": "fuzzy" in entry.flags,
            "updated_by": user if getattr(user, "pk", None) else None,
        },
    )


def rosetta_saved(sender, **_kwargs) -> None:
    """Receiver of Rosetta's ``post_save``, sent once it has written the .po file."""
    publish()


class _State:
    seen: tuple | None = None  # (revision, files_stamp()) when the catalogues were read
    checked_at = -math.inf


def refresh_if_changed(force: bool = False) -> bool:
    """Build the catalogues and have Django read them again when the revision or a .mo
    file moved since the last time; looks at most every ``TRANSLATIONS_CHECK_SECONDS``.
    The look reads no database."""
    now = time.monotonic()
    elapsed = now - _State.checked_at  # negative after a test moved the clock back
    if not force and 0 <= elapsed < settings.TRANSLATIONS_CHECK_SECONDS:
        return False
    _State.checked_at = now
    revision = cache.get(REVISION_KEY)
    if not force and (revision, files_stamp()) == _State.seen:
        return False
    catalogue.build_all()
    django_caches.reset()
    _State.seen = (revision, files_stamp())
    return True


def forget() -> None:
    """Build and read the catalogues at the next request, as a new worker does."""
    _State.seen = None
    _State.checked_at = -math.inf


class CatalogueMiddleware:
    """Before LocaleMiddleware: the request is served with the current catalogues."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            refresh_if_changed()
        except Exception:
            # The database or cache is unreachable: serve with the catalogues this
            # process has (the files on disk at worst) and try again later.
            log.exception("Could not check the saved translations")
        return self.get_response(request)
