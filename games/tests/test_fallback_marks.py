"""Text a page shows in English because its language has none yet is marked as English
(portal/templatetags/translated.py), so an Arabic page reads it left to right."""

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from games.models import FaqItem, Game

pytestmark = pytest.mark.django_db

MARK = 'lang="en" dir="ltr" data-fallback'


def faq_of(slug: str) -> list[FaqItem]:
    return list(FaqItem.objects.filter(game__slug=slug).order_by("order", "pk"))


def element_holding(html: str, text: str) -> str:
    """The opening tag of the element whose content starts with ``text``."""
    found = re.search(r"<[a-z0-9]+[^>]*>(?:<p>)?" + re.escape(text), html)
    assert found, text
    return found.group(0)


def test_an_faq_answer_with_no_arabic_is_marked_as_english(client):
    first, second = faq_of("vex5")[:2]
    first.answer_ar = first.question_ar = ""
    first.save()
    html = client.get("/ar/vex5/").content.decode()
    assert MARK in element_holding(html, first.answer_en.split("\n")[0][:20])
    assert MARK in element_holding(html, first.question_en)
    # The Arabic answer beside it carries no mark.
    assert second.answer_ar
    assert "lang=" not in element_holding(html, second.question_ar)


def test_translated_text_and_english_pages_carry_no_mark(client):
    html = client.get("/ar/vex5/").content.decode()
    assert "data-fallback" not in html
    item = faq_of("vex5")[0]
    item.answer_ar = ""
    item.save()
    assert "data-fallback" not in client.get("/vex5/").content.decode()


@pytest.mark.parametrize(
    ("lang", "ar", "expected"),
    [("ar", "", f" {MARK}"), ("ar", "نص", ""), ("en", "", ""), ("fr", "", f" {MARK}")],
)
def test_the_filter_marks_only_a_fallback(lang, ar, expected):
    game = Game.objects.get(slug="vex5")
    game.genre_ar, game.genre_fr = ar, ""
    template = Template('{% load translated %}{{ game|lang_attrs:"genre" }}')
    with translation.override(lang):
        assert template.render(Context({"game": game})) == expected


def test_the_filter_leaves_what_is_not_a_translated_field_alone():
    template = Template('{% load translated %}{{ item|lang_attrs:"answer" }}|')
    with translation.override("ar"):
        assert template.render(Context({"item": {"answer": "x"}})) == "|"
        assert template.render(Context({"item": None})) == "|"


def test_a_weapon_stat_in_words_with_no_arabic_is_marked(client):
    game = Game.objects.get(slug="time-shooter-3")
    grenades = game.weapons.get(name_en="Stun Grenades")
    grenades.accuracy_ar = ""
    grenades.save()
    html = client.get("/ar/time-shooter-3/").content.decode()
    assert f'<dd class="stat__text" {MARK}>Area Effect</dd>' in html
    assert f'<dd class="stat__text">{grenades.range_ar}</dd>' in html
