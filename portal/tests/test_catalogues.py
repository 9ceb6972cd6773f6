"""Reading the gettext catalogues: parsed once, read again when the file changes."""

import os

from portal import catalogues

CATALOGUE = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Quick links"
msgstr "{}"
"""


def test_a_catalogue_is_parsed_once_while_its_file_stays_the_same(tmp_path):
    path = tmp_path / "django.po"
    path.write_text(CATALOGUE.format("Schnelllinks"), encoding="utf-8")
    first = catalogues.read(path)
    assert catalogues.read(path) is first
    assert first.find("Quick links").msgstr == "Schnelllinks"


def test_a_rewritten_file_is_read_again_even_within_the_same_tick(tmp_path):
    path = tmp_path / "django.po"
    path.write_text(CATALOGUE.format("Links"), encoding="utf-8")
    stamp = os.stat(path).st_mtime_ns
    catalogues.read(path)
    path.write_text(CATALOGUE.format("Kurzwege"), encoding="utf-8")
    os.utime(path, ns=(stamp, stamp))  # same time: the size tells them apart
    assert catalogues.read(path).find("Quick links").msgstr == "Kurzwege"


def test_the_path_of_a_language_is_in_the_project_locale(settings):
    assert catalogues.path_of("de") == settings.LOCALE_PATHS[0] / "de/LC_MESSAGES/django.po"


def test_a_summary_counts_each_kind_of_entry(tmp_path):
    path = tmp_path / "django.po"
    path.write_text(
        CATALOGUE.format("Schnelllinks")
        + '\n#, fuzzy\nmsgid "Draft"\nmsgstr "Entwurf"\n\nmsgid "Empty"\nmsgstr ""\n'
        + '\n#~ msgid "Gone"\n#~ msgstr "Weg"\n',
        encoding="utf-8",
    )
    assert catalogues.summary(path) == catalogues.Summary(
        messages=3, translated=1, untranslated=1, fuzzy=1, obsolete=1, percent_translated=33
    )


def test_a_summary_follows_a_rewritten_file(tmp_path):
    path = tmp_path / "django.po"
    path.write_text(CATALOGUE.format(""), encoding="utf-8")
    assert catalogues.summary(path).translated == 0
    path.write_text(CATALOGUE.format("Kurzwege"), encoding="utf-8")
    assert catalogues.summary(path).translated == 1


def test_every_language_but_english_has_a_catalogue(settings):
    codes = [code for code, _name in settings.LANGUAGES if code != "en"]
    assert catalogues.languages() == sorted(codes)
