"""Saving a catalogue through the export or Rosetta changes only the entries that
changed, wrapped as makemessages and msgcat wrap them (portal/po_writer.py)."""

import io
import shutil
import subprocess

import polib
import pytest
from django.conf import settings as django_settings
from django.core.management import call_command

from portal import catalogues, po_writer
from translations.models import TranslationOverride

pytestmark = pytest.mark.django_db

# Long enough to wrap over several lines in the file.
ABOUT = (
    "We wanted a game that is quick, fair and friendly: the same puzzle for everyone, no "
    "accounts, no pressure, and progress that is never lost when you reload. The site also "
    "gathers guides for a few browser games we enjoy."
)
NEW_TEXT = (
    "Wir wollten ein Spiel, das schnell, fair und freundlich ist: dasselbe Rätsel für alle, "
    "keine Konten, kein Druck, und nichts geht beim Neuladen verloren. Dazu Guides zu ein "
    "paar Browserspielen."
)


@pytest.fixture
def german(tmp_path, settings):
    """A writable copy of the German catalogue as the project's only catalogue."""
    target = tmp_path / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(django_settings.BASE_DIR / "locale/de/LC_MESSAGES/django.po", target)
    settings.LOCALE_PATHS = [tmp_path]
    return target / "django.po"


def entry_lines(po_path, msgid: str) -> set[str]:
    """The lines of the file that belong to ``msgid``'s entry."""
    for block in po_path.read_text(encoding="utf-8").split("\n\n"):
        parsed = polib.pofile(block + "\n")
        if len(parsed) == 1 and parsed[0].msgid == msgid:
            return set(block.split("\n"))
    raise AssertionError(msgid)


def test_an_export_changes_only_the_lines_of_the_saved_entry(german):
    before = german.read_text(encoding="utf-8")
    old_entry = entry_lines(german, ABOUT)
    TranslationOverride.objects.create(language="de", msgid=ABOUT, msgstr=NEW_TEXT)
    call_command("export_translations", "--language", "de", stdout=io.StringIO())
    after = german.read_text(encoding="utf-8")
    removed = set(before.split("\n")) - set(after.split("\n"))
    added = set(after.split("\n")) - set(before.split("\n"))
    assert removed and removed <= old_entry
    assert added and added <= entry_lines(german, ABOUT)
    assert len(after.split("\n")) - len(before.split("\n")) in (-1, 0, 1)
    assert catalogues.find(catalogues.read(german), ABOUT, None).msgstr == NEW_TEXT


@pytest.mark.skipif(not shutil.which("msgcat"), reason="needs GNU gettext's msgcat")
def test_the_saved_entry_is_wrapped_as_msgcat_wraps_it(german):
    TranslationOverride.objects.create(language="de", msgid=ABOUT, msgstr=NEW_TEXT)
    call_command("export_translations", "--language", "de", stdout=io.StringIO())
    saved = german.read_text(encoding="utf-8")
    subprocess.run(["msgcat", "-o", str(german), str(german)], check=True)
    assert german.read_text(encoding="utf-8") == saved


def test_a_catalogue_saved_without_changes_is_the_same_file(german):
    before = german.read_bytes()
    catalogues.read(german).save()
    assert german.read_bytes() == before


def test_every_catalogue_reads_and_writes_back_unchanged(tmp_path):
    for code in catalogues.languages():
        copy = tmp_path / f"{code}.po"
        shutil.copy(catalogues.path_of(code), copy)
        catalogues.read(copy).save()
        assert copy.read_bytes() == catalogues.path_of(code).read_bytes(), code


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("Short", ['msgstr "Short"']),
        (
            "Le jeu ne se charge pas\u00a0? Ton réseau le bloque peut-être\u00a0: ouvre-le "
            "dans un nouvel onglet, puis recharge la page.",
            [
                'msgstr ""',
                '"Le jeu ne se charge pas\u00a0? Ton réseau le bloque peut-être\u00a0: ouvre-le '
                'dans un "',
                '"nouvel onglet, puis recharge la page."',
            ],
        ),
        (
            "Pokéguess は、1問につき6回まで答えられる、無料でファンメイドの毎日のシルエット"
            "ゲームです。",
            [
                'msgstr ""',
                '"Pokéguess は、1問につき6回まで答えられる、無料でファンメイドの毎日のシルエッ"',
                '"トゲームです。"',
            ],
        ),
        (
            "Ein Spiel mit Drag-and-drop-Reihenfolge und Feature-Karten für die ganze Familie, "
            "heute und immer wieder.",
            [
                'msgstr ""',
                '"Ein Spiel mit Drag-and-drop-Reihenfolge und Feature-Karten für die ganze "',
                '"Familie, heute und immer wieder."',
            ],
        ),
        ("Line one\nLine two", ['msgstr ""', '"Line one\\n"', '"Line two"']),
    ],
)
def test_fields_break_where_gettext_breaks_them(text, lines):
    """As msgcat writes them (GNU gettext 0.21)."""
    assert po_writer.field_lines("msgstr", "", text) == lines
