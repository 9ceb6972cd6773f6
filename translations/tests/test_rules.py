"""Placeholders and markup a translation must keep (pure rules)."""

import pytest

from translations.rules import plural_problems, problems


@pytest.mark.parametrize(
    ("source", "translation"),
    [
        ("Hello %(name)s", "Hallo %(name)s"),
        ("%(a)s and %(b)s", "%(b)s und %(a)s"),
        ("Hello %(name)s", "Hallo %(name)s, ja %(name)s"),
        ("%s of %d", "%s von %d"),
        ("Hi {name}", "Salut {name}"),
        ("%(n)s%% done", "%(n)s %% fertig"),
        ("50 players", "50 % des joueurs"),
        ('Open <a href="%(url)s">%(name)s</a>', '<a href="%(url)s">%(name)s</a> öffnen'),
        ("<strong>Tip</strong>", "<strong>Tipp</strong>"),
        ("anything", ""),
    ],
)
def test_it_accepts_translations_that_keep_placeholders_and_markup(source, translation):
    assert problems(source, translation) == []


@pytest.mark.parametrize(
    ("source", "translation", "problem"),
    [
        ("Hello %(name)s", "Hallo %(nom)s", "placeholders"),
        ("Hello %(name)s", "Hallo", "placeholders"),
        ("Hello %(name)s", "Hallo %(name)s %(x)s", "placeholders"),
        ("%s of %s", "%s", "placeholders"),
        ("%s items", "%d Dinge", "placeholders"),
        ("Hi {name}", "Salut {nom}", "placeholders"),
        ("Hi", "Salut <b>toi</b>", "markup"),
        ("Open <a>x</a>", "<a>x</a><script>alert(1)</script>", "markup"),
        ("Click here", "<img src=x onerror=alert(1)>", "markup"),
    ],
)
def test_it_refuses_changed_placeholders_and_added_markup(source, translation, problem):
    assert problem in problems(source, translation)


def test_a_plural_form_may_drop_the_count_but_not_rename_it():
    assert plural_problems("One game", "%(count)s games", "Ein Spiel") == []
    assert plural_problems("One game", "%(count)s games", "%(count)s Spiele") == []
    assert plural_problems("One game", "%(count)s games", "%(anzahl)s Spiele") == ["placeholders"]
