"""A language's compiled catalogue, ``locale/<code>/LC_MESSAGES/django.mo``, built with
polib from its ``django.po`` and the translations saved in the database
(docs/translations.md).

An entry that breaks its source (``translations.rules``) is left out, so that string
shows in English. The file is replaced whole, so a worker reads the old file or the new
one, never half of it; its header keeps a digest of what it was built from, and building
again from the same file and rows writes nothing.
"""

import gettext
import hashlib
import json
import logging
import os
import struct
import tempfile
from pathlib import Path

import polib

from portal import catalogues
from translations import rules
from translations.models import TranslationOverride

log = logging.getLogger(__name__)
BUILT_FROM = "X-Built-From"


def saved() -> dict[str, list[TranslationOverride]]:
    """The saved translations of every language, by language code."""
    rows: dict[str, list[TranslationOverride]] = {}
    for row in TranslationOverride.objects.order_by("msgctxt", "msgid"):
        rows.setdefault(row.language, []).append(row)
    return rows


def build_all() -> list[str]:
    """Build every language's catalogue whose file or saved rows changed; the codes of
    the catalogues written."""
    rows = saved()
    return [code for code in catalogues.languages() if build(code, rows.get(code, []))]


def build(code: str, rows: list[TranslationOverride], force: bool = False) -> bool:
    """Write the language's .mo from its .po with ``rows`` on top (a fuzzy row removes
    the entry, a row that breaks its source is left out), unless it was built from the
    same (``force`` builds it anyway)."""
    source = catalogues.path_of(code).read_text(encoding="utf-8")
    target = catalogues.path_of(code).with_suffix(".mo")
    fields = [[r.msgctxt, r.msgid, r.msgstr, r.msgstr_plural, r.fuzzy] for r in rows]
    digest = hashlib.sha256(json.dumps([source, fields], sort_keys=True).encode()).hexdigest()
    if not force and _built_from(target) == digest:
        return False
    catalogue = polib.pofile(source)
    for row in rows:
        entry = catalogues.find(catalogue, row.msgid, row.msgctxt)
        if entry is not None and not row.problems():
            row.apply_to(entry)
    for entry in catalogue.translated_entries():
        texts = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        found = rules.entry_problems(entry.msgid, entry.msgid_plural, texts)
        if found:
            log.warning("Left out the %s translation of %r: %s", code, entry.msgid, found)
            catalogue.remove(entry)
    catalogue.metadata[BUILT_FROM] = digest
    _replace(target, catalogue.to_binary())
    return True


def _built_from(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle).info().get(BUILT_FROM.lower())
    except (OSError, ValueError, struct.error):
        return None  # missing or unreadable: built again


def _replace(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
