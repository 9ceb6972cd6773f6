"""Plurals, numbers, dates and locale metadata follow each language's rules."""

import datetime
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation
from django.utils.translation import ngettext

from portal import catalogues, views
from puzzle.api.shapes import hint_row
from puzzle.models import Pokemon

LOCALE = Path(__file__).resolve().parents[2] / "locale"
ADDED = "%(count)d Pokémon added to the pool."


def added(code: str, count: int) -> str:
    with translation.override(code):
        return ngettext(ADDED, ADDED, count) % {"count": count}


class TestPlurals:
    def test_french_counts_zero_and_one_as_singular(self):
        assert added("fr", 0) == "0 Pokémon ajouté à la sélection."
        assert added("fr", 1) == "1 Pokémon ajouté à la sélection."
        assert added("fr", 2) == "2 Pokémon ajoutés à la sélection."

    def test_german_has_one_and_other(self):
        assert added("de", 1) == "1 Pokémon zum Pool hinzugefügt."
        assert added("de", 5) == "5 Pokémon zum Pool hinzugefügt."

    def test_russian_has_one_few_and_many(self):
        assert added("ru", 1) == "В пул добавлен 1 Покемон."
        assert added("ru", 21) == "В пул добавлен 21 Покемон."
        assert added("ru", 3) == "В пул добавлено 3 Покемона."
        assert added("ru", 11) == "В пул добавлено 11 Покемонов."
        assert added("ru", 25) == "В пул добавлено 25 Покемонов."

    def test_polish_has_one_few_and_many(self):
        assert added("pl", 1) == "Dodano 1 Pokémona do puli."
        assert added("pl", 4) == "Dodano 4 Pokémony do puli."
        assert added("pl", 12) == "Dodano 12 Pokémonów do puli."
        assert added("pl", 22) == "Dodano 22 Pokémony do puli."

    def test_arabic_has_six_forms(self):
        forms = {added("ar", n) for n in (0, 1, 2, 3, 11, 100)}
        assert len(forms) == 6
        assert added("ar", 2) == "تمت إضافة بوكيمونين إلى القائمة اليومية."
        assert added("ar", 11) == "تمت إضافة 11 بوكيمونًا إلى القائمة اليومية."

    @pytest.mark.parametrize("path", sorted(LOCALE.glob("*/LC_MESSAGES/django.po")), ids=str)
    def test_every_plural_message_has_each_form_of_its_language(self, path):
        catalogue = catalogues.read(path)
        forms = int(re.search(r"nplurals=(\d+)", catalogue.metadata["Plural-Forms"]).group(1))
        short = [
            entry.msgid
            for entry in catalogue
            if entry.msgid_plural and not entry.obsolete and len(entry.msgstr_plural) != forms
        ]
        assert short == []

    def test_french_has_a_form_for_millions(self):
        with translation.override("fr"):
            assert ngettext("{count} game", "{count} games", 1_000_000) == "{count} parties"

    def test_hindi_counts_zero_as_singular(self):
        assert added("hi", 0) == "0 पोकेमॉन पूल में जोड़ा गया।"
        assert added("hi", 2) == "2 पोकेमॉन पूल में जोड़े गए।"


@pytest.mark.django_db
class TestMeasures:
    @pytest.mark.parametrize(
        ("code", "height", "weight"),
        [
            ("en", "0.7 m", "6.9 kg"),
            ("de", "0,7\u00a0m", "6,9\u00a0kg"),
            ("fr", "0,7\u00a0m", "6,9\u00a0kg"),
            ("ru", "0,7\u00a0м", "6,9\u00a0кг"),
            ("pl", "0,7\u00a0m", "6,9\u00a0kg"),
            ("ar", "0,7\u00a0م", "6,9\u00a0كغ"),
            ("no", "0,7\u00a0m", "6,9\u00a0kg"),
        ],
    )
    def test_hint_rows_show_height_and_weight_in_the_language(self, code, height, weight):
        bulbasaur = Pokemon.objects.get(name_en="Bulbasaur")
        with translation.override(code):
            row = hint_row(bulbasaur, bulbasaur, code)
        labels = {hint["key"]: hint["label"] for hint in row["hints"]}
        assert (labels["height"], labels["weight"]) == (height, weight)


class TestDates:
    @pytest.mark.parametrize(
        ("code", "text"),
        [
            ("de", "25. November 2026"),
            ("no", "25. november 2026"),
            ("zh", "2026年11月25日"),
            ("fil", "11/25/2026"),
        ],
    )
    def test_dates_use_the_language_format(self, code, text):
        template = Template('{{ day|date:"DATE_FORMAT" }}')
        with translation.override(code):
            assert template.render(Context({"day": datetime.date(2026, 11, 25)})) == text


@pytest.mark.django_db
class TestLocaleMetadata:
    @pytest.mark.parametrize(
        ("code", "og"), [("pt", "pt_BR"), ("no", "nb_NO"), ("fil", "tl_PH"), ("ar", "ar_AR")]
    )
    def test_og_locale_names_language_and_territory(self, client, code, og):
        html = client.get(f"/{code}/").content.decode()
        assert f'<meta property="og:locale" content="{og}">' in html
        assert '<meta property="og:locale:alternate" content="en_US">' in html

    def test_the_not_found_page_is_right_to_left_in_arabic(self, client):
        html = client.get("/ar/no-such-page/").content.decode()
        assert '<html lang="ar" dir="rtl">' in html

    def test_the_server_error_page_is_right_to_left_in_arabic(self):
        request = RequestFactory().get("/ar/")
        request.LANGUAGE_CODE = "ar"
        html = views.server_error(request).content.decode()
        assert '<html lang="ar" dir="rtl">' in html
        assert 'href="/ar/"' in html
