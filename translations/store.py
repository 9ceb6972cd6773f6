"""Rosetta saves → database rows → the catalogues of every worker.

``record_rosetta_change`` stores each changed entry as a ``TranslationOverride`` and
sets a new revision in the shared cache. ``CatalogueMiddleware`` compares the revision
and the ``.mo`` files' times with those its process loaded (at most every
``TRANSLATIONS_CHECK_SECONDS``) and rebuilds the process's catalogues when they moved:
the ``.mo`` files on disk, minus translations that break their placeholders or add
markup, plus the database's translations on top.
"""

import gettext as gettext_module
import logging
import time
import uuid
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from asgiref.local import Local
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import trans_real
from django.utils.translation.trans_real import DjangoTranslation, TranslationCatalog

from portal import catalogues
from translations import rules

if TYPE_CHECKING:
    from translations.models import TranslationOverride

log = logging.getLogger(__name__)
REVISION_KEY = "translations:revision"


def project_locale() -> Path:
    return Path(settings.LOCALE_PATHS[0])


def is_project_catalogue(path: str) -> bool:
    try:
        Path(path).resolve().relative_to(project_locale().resolve())
    except ValueError:
        return False
    return True


def current_revision() -> str | None:
    """Set by every save, shared by all nodes through the cache (Redis in production).
    Only a reload reads the database, so a request never does."""
    return cache.get(REVISION_KEY)


def bump_revision() -> None:
    cache.set(REVISION_KEY, uuid.uuid4().hex, None)


def files_stamp() -> tuple[float, ...]:
    """The .mo files of this machine: Rosetta rewrites one on each save, which tells the
    other workers of the same machine even with a per-process (local-memory) cache."""
    return tuple(
        path.stat().st_mtime for path in sorted(project_locale().glob("*/LC_MESSAGES/django.mo"))
    )


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
    bump_revision()


# --- Catalogues of this process ------------------------------------------------------


class _CatalogueCache(Protocol):
    """The per-process catalogues of django.utils.translation.trans_real, reset here as
    Django's own reload does; django-stubs leaves these private names out."""

    _translations: dict[str, DjangoTranslation]
    _default: DjangoTranslation | None
    _active: Local


_django_catalogues = cast(_CatalogueCache, trans_real)


def _catalog(translation: DjangoTranslation) -> TranslationCatalog:
    # Private, and declared neither by gettext's stubs nor by django-stubs.
    return translation._catalog  # type: ignore[attr-defined]


def _drop(catalog: TranslationCatalog, key: str | tuple[str, int]) -> None:
    for part in catalog._catalogs:
        part.pop(key, None)


def _bad_project_keys(code: str) -> dict:
    """Entries of our own ``locale/<code>`` catalogue that break their source."""
    path = str(project_locale() / code / "LC_MESSAGES" / "django.mo")
    version = _file_version(path)
    if version is None:
        return {}
    return _bad_keys_of(code, path, *version)


@lru_cache(maxsize=64)  # every language's file, with room for copies tests write
def _bad_keys_of(code: str, path: str, mtime_ns: int, size: int) -> dict:
    """As :func:`_bad_project_keys`, once per version of the file (callers only read)."""
    try:
        with open(path, "rb") as handle:
            own = gettext_module.GNUTranslations(handle)
    except (OSError, ValueError) as error:
        log.error("Unreadable catalogue %s: %s", path, error)
        return {}
    bad = {}
    for key, value in own._catalog.items():  # type: ignore[attr-defined]
        if not key:
            continue  # the header
        msgid = key[0] if isinstance(key, tuple) else key.split("\x04")[-1]
        if not any(ch in msgid + value for ch in "%{<"):
            continue
        found = (
            rules.problems(value, msgid, msgid)
            if isinstance(key, tuple)
            else rules.problems(value, msgid)
        )
        if isinstance(key, tuple):
            found = [problem for problem in found if problem == "markup"]
        if found:
            bad[key] = value
            log.warning("Ignoring the %s translation of %r: %s", code, msgid, ", ".join(found))
    return bad


def _apply(translation: DjangoTranslation, overrides: "list[TranslationOverride]") -> None:
    catalog = _catalog(translation)
    for row in overrides:
        key = row.catalogue_key
        if row.fuzzy:
            _drop(catalog, key)
            continue
        if row.msgid_plural:
            forms = {int(index): text for index, text in row.msgstr_plural.items()}
            if all(
                text and not rules.problems(text, row.msgid, row.msgid_plural)
                for text in forms.values()
            ):
                for index, text in forms.items():
                    catalog[(key, index)] = text
        elif row.msgstr and not rules.problems(row.msgstr, row.msgid):
            catalog[key] = row.msgstr


def load_catalogues() -> None:
    """Rebuild every language's catalogue in this process (see the module docstring)."""
    from translations.models import TranslationOverride

    started = time.time_ns()
    overrides: dict[str, list[TranslationOverride]] = {}
    for row in TranslationOverride.objects.all():
        overrides.setdefault(row.language, []).append(row)
    # As Django's own reload on a changed .mo file (translation_file_changed), except
    # that gettext keeps the files it parsed that have not changed since: a reload
    # re-reads what Rosetta rewrote, not the 150 catalogues of Django and the apps.
    _forget_changed_files()
    _django_catalogues._translations = {}
    _django_catalogues._default = None
    _django_catalogues._active = Local()
    for code, _name in settings.LANGUAGES:
        translation = trans_real.translation(code)
        catalog = _catalog(translation)
        for key, value in _bad_project_keys(code).items():
            if catalog.get(key) == value:
                _drop(catalog, key)
        _apply(translation, overrides.get(code, []))
    _note_parsed_files(started)


# What each .mo file gettext keeps parsed looked like when it was read: its
# modification time and size.
_parsed: dict[str, tuple[int, int]] = {}


def _file_version(path: str) -> tuple[int, int] | None:
    try:
        return catalogues.file_version(path)
    except OSError:
        return None


def _gettext_files() -> dict:
    # gettext's own cache of parsed files, keyed by (class, absolute path); private.
    return gettext_module._translations  # type: ignore[attr-defined]


def _forget_changed_files() -> None:
    cached = _gettext_files()
    for key in list(cached):
        path = key[-1]
        if path not in _parsed or _file_version(path) != _parsed[path]:
            del cached[key]


def _note_parsed_files(started: int) -> None:
    # A file changed within a second of the load's start may have been read before its
    # change: it is not noted, so the next reload reads it again.
    settled = started - 1_000_000_000
    _parsed.clear()
    for key in _gettext_files():
        version = _file_version(key[-1])
        if version is not None and version[0] < settled:
            _parsed[key[-1]] = version


class _State:
    revision: str | None = None
    stamp: tuple[float, ...] = ()
    checked_at = 0.0
    loaded: object = None  # trans_real._translations as load_catalogues left it
    failed = False


def refresh_if_changed(force: bool = False) -> bool:
    """Reload when a save moved the revision or a .mo file changed, or when Django
    dropped the catalogues itself (a changed setting or file), which would load them
    unchecked; at most every ``TRANSLATIONS_CHECK_SECONDS`` after a failed attempt."""
    interval = getattr(settings, "TRANSLATIONS_CHECK_SECONDS", 2.0)
    now = time.monotonic()
    reset = _django_catalogues._translations is not _State.loaded and not _State.failed
    if not (force or reset) and now - _State.checked_at < interval:
        return False
    _State.checked_at = now
    revision, stamp = current_revision(), files_stamp()
    unchanged = (revision, stamp) == (_State.revision, _State.stamp)
    if not (force or reset or _State.failed) and unchanged:
        return False
    _State.failed = True
    load_catalogues()
    _State.failed = False
    _State.revision, _State.stamp = revision, stamp
    _State.loaded = _django_catalogues._translations
    return True


def load_at_start() -> None:
    """A new worker loads its catalogues before its first request (portal.warmup)."""
    refresh_if_changed(force=True)


def forget() -> None:
    """Reload on the next request (tests whose saved rows are rolled back, which moves
    no revision)."""
    _State.loaded = None
    _State.checked_at = 0.0


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
            log.exception("Could not check the translations' revision")
        return self.get_response(request)
