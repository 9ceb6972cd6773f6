"""Building a language's .mo from its .po and the saved translations."""

import gettext
import shutil

import polib
import pytest
from django.conf import settings as django_settings
from django.core.management import call_command

from translations import catalogue
from translations.models import TranslationOverride

GUESS_ERROR = "“%(text)s” is not a Pokémon we know. Check the spelling."


@pytest.fixture
def german(tmp_path, settings):
    """The German catalogue, alone in a locale folder of its own; returns its .po path."""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(django_settings.BASE_DIR / "locale/de/LC_MESSAGES/django.po", folder)
    settings.LOCALE_PATHS = [tmp_path]
    return folder / "django.po"


def built(po_path) -> gettext.GNUTranslations:
    with po_path.with_suffix(".mo").open("rb") as handle:
        return gettext.GNUTranslations(handle)


def test_an_entry_that_breaks_its_source_is_left_out(german, caplog):
    po = polib.pofile(str(german))
    po.find(GUESS_ERROR).msgstr = "„%(eingabe)s“ kennen wir nicht."
    po.save()
    assert catalogue.build("de", [])
    assert built(german).gettext(GUESS_ERROR) == GUESS_ERROR
    assert built(german).gettext("Quick links") == "Schnelllinks"
    assert "Left out the de translation" in caplog.text


def test_saved_rows_go_on_top_and_a_fuzzy_one_removes_its_entry(german):
    rows = [
        TranslationOverride(language="de", msgid="Quick links", msgstr="Kurzwege"),
        TranslationOverride(language="de", msgid="Home", msgstr="Start", fuzzy=True),
    ]
    catalogue.build("de", rows)
    assert built(german).gettext("Quick links") == "Kurzwege"
    assert built(german).gettext("Home") == "Home"


def test_a_row_that_breaks_its_source_leaves_the_file_as_it_is(german):
    catalogue.build("de", [TranslationOverride(language="de", msgid=GUESS_ERROR, msgstr="%(x)s")])
    assert built(german).gettext(GUESS_ERROR).startswith("„%(text)s“ ist kein Pokémon")


def test_building_again_from_the_same_file_and_rows_writes_nothing(german):
    rows = [TranslationOverride(language="de", msgid="Quick links", msgstr="Kurzwege")]
    assert catalogue.build("de", rows)
    first = german.with_suffix(".mo").stat()
    assert not catalogue.build("de", rows)
    assert german.with_suffix(".mo").stat() == first
    assert catalogue.build("de", [])  # a row deleted
    assert built(german).gettext("Quick links") == "Schnelllinks"


def test_a_build_leaves_only_the_catalogue_behind(german):
    catalogue.build("de", [])
    assert sorted(path.name for path in german.parent.iterdir()) == ["django.mo", "django.po"]


@pytest.mark.django_db
def test_the_command_builds_every_catalogue_with_the_saved_rows(german):
    TranslationOverride.objects.create(language="de", msgid="Quick links", msgstr="Kurzwege")
    call_command("build_catalogues")
    assert built(german).gettext("Quick links") == "Kurzwege"


def test_a_row_goes_to_its_own_context_only(german):
    """polib's find(msgctxt=False) takes any context: a row saved for a word without one
    must not land on the same word with a context."""
    theme = polib.pofile(str(german)).find("Dark", msgctxt="theme").msgstr
    rows = [
        TranslationOverride(language="de", msgid="Dark", msgstr="Finster"),
        TranslationOverride(language="de", msgctxt="Pokémon type", msgid="Dark", msgstr="Böse"),
    ]
    catalogue.build("de", rows)
    assert built(german).pgettext("theme", "Dark") == theme
    assert built(german).pgettext("Pokémon type", "Dark") == "Böse"
