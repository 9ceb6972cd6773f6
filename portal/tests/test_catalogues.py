"""Where the project's catalogues are."""

from portal import catalogues


def test_the_path_of_a_language_is_in_the_project_locale(settings):
    assert catalogues.path_of("de") == settings.LOCALE_PATHS[0] / "de/LC_MESSAGES/django.po"


def test_every_language_but_english_has_a_catalogue(settings):
    codes = [code for code, _name in settings.LANGUAGES if code != "en"]
    assert catalogues.languages() == sorted(codes)
