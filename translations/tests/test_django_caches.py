"""The one use of Django's translation internals (translations/django_caches.py): when a
Django upgrade changes how its caches are reset, these fail."""

import polib
import pytest
from django.utils import translation

from translations import django_caches

CATALOGUE = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Quick links"\nmsgstr "{}"\n'


@pytest.fixture
def german_catalogue(tmp_path, settings):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    settings.LOCALE_PATHS = [tmp_path]

    def write(text: str) -> None:
        polib.pofile(CATALOGUE.format(text)).save_as_mofile(str(folder / "django.mo"))

    return write


def german(msgid: str) -> str:
    with translation.override("de"):
        return translation.gettext(msgid)


def test_a_rewritten_catalogue_is_read_again_after_a_reset(german_catalogue):
    german_catalogue("Schnelllinks")
    assert german("Quick links") == "Schnelllinks"
    german_catalogue("Kurzwege")
    assert german("Quick links") == "Schnelllinks"  # Django keeps what it read
    django_caches.reset()
    assert german("Quick links") == "Kurzwege"
