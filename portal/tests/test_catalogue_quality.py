"""Every visible word in the visitor's language (docs/i18n.md, "Quality checks").

Two checks: (a) no catalogue message is the English text copied, unless the allow-list
in ``portal/catalogue_quality.py`` says why the word is the same; (b) no page, in any
language, shows an English sentence from the catalogues, the game content or anywhere
else.
"""

import pytest
from django.conf import settings

from games.models import Game
from portal.catalogue_quality import SAME_AS_ENGLISH, english_copies
from portal.tests.test_routes import ROUTES as SPEC_ROUTES
from portal.tests.test_routes import url
from puzzle.models import Pokemon
from tests.english_on_pages import EnglishDetector, looks_english, visible_text

CODES = [code for code, _name in settings.LANGUAGES if code != "en"]
# Every route of the spec, a past puzzle and the not-found page.
ROUTES = [*SPEC_ROUTES, "archive/1/", "missing-page/"]
NOT_FOUND = "missing-page/"


class TestCatalogues:
    @pytest.mark.parametrize("code", CODES)
    def test_it_has_no_message_left_in_english(self, code):
        assert english_copies(code) == []

    def test_it_gives_a_reason_for_every_allowed_word(self):
        for msgid, reasons in SAME_AS_ENGLISH.items():
            for codes, reason in reasons.items():
                assert reason.strip(), msgid
                assert codes == "*" or set(codes.split()) <= set(CODES), (msgid, codes)


class TestDetector:
    def test_it_reads_body_text_and_labels_but_not_scripts(self):
        html = (
            '<html lang="de"><head><title>x</title></head><body><p>Hallo <b>Welt</b></p>'
            '<img alt="Ein Bild"><script>var the = "and you"</script></body></html>'
        )
        assert visible_text(html) == ["x", "Hallo Welt", "Ein Bild"]

    def test_it_skips_text_marked_with_another_language(self):
        html = '<body><ul><li><a lang="en" href="/">English</a></li><li>Deutsch</li></ul></body>'
        assert visible_text(html) == ["Deutsch"]

    def test_it_still_reads_text_that_fell_back_to_english(self):
        html = '<body><p lang="en" dir="ltr" data-fallback>Not translated yet</p></body>'
        assert visible_text(html) == ["Not translated yet"]

    def test_it_spots_english_sentences(self):
        assert looks_english("Your progress is saved on this device and you can")
        assert not looks_english("Dein Fortschritt wird auf diesem Gerät gespeichert.")
        assert not looks_english("Ang progress mo ay naka-save sa device na ito.")

    @pytest.mark.django_db
    def test_it_finds_an_english_message_on_a_german_page(self):
        detector = EnglishDetector(set())
        html = "<body><h2>Daily challenges</h2><p>Tägliche Herausforderungen</p></body>"
        assert detector.find(html, "de") == [("Daily challenges", "catalogue")]


@pytest.fixture(scope="module")
def detector(django_db_setup, django_db_blocker):
    # Reads the test database, so it must exist first: in a worker whose first test is
    # one of these, nothing else has built it yet.
    names = {"Pokéguess"}
    with django_db_blocker.unblock():
        names |= set(Game.objects.values_list("name_en", flat=True))
        names |= set(Game.objects.values_list("developer", flat=True))
        names |= set(Pokemon.objects.values_list("name_en", flat=True))
    return EnglishDetector(names)


# One test per language, so that the workers share the 320 pages; each page is rendered
# once for both checks: it is served in its language, and it shows no English.
@pytest.mark.django_db
@pytest.mark.parametrize("code", ["en", *CODES])
def test_every_page_is_served_in_its_language_with_no_english(client, detector, code):
    found = []
    for route in ROUTES:
        response = client.get(url(code, route))
        assert response.status_code == (404 if route == NOT_FOUND else 200), (code, route)
        html = response.content.decode()
        direction = "rtl" if code == "ar" else "ltr"
        assert f'<html lang="{code}" dir="{direction}">' in html, (code, route)
        if code != "en":
            found += [(route, source, text) for text, source in detector.find(html, code)]
    assert found == []
