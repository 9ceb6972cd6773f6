"""What a translation must keep of its source: placeholders, formatting, markup (pure
rules)."""

import pytest

from translations.rules import explain, problems

FRAME_HINT = (
    'Game not loading? Your network may block it: <a href="%(url)s" target="_blank" '
    'rel="noopener">open %(name)s in a new tab</a>.'
)
LINK = '<a href="%(url)s" target="_blank" rel="noopener">'


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
        ("{percent}% of players", "{percent} % des joueurs"),
        ('Send JSON: {"name": "…"}.', 'Sende JSON: {"name": "…"}.'),
        (FRAME_HINT, f"Lädt nicht? {LINK}%(name)s öffnen</a>."),
        ("<strong>Tip</strong>", "<strong>Tipp</strong>"),
        ("Rock & roll", "Rock & Roll < 3 “Pop”"),
        ("anything", ""),
    ],
)
def test_it_accepts_translations_that_keep_placeholders_and_markup(source, translation):
    assert problems(translation, source) == []


@pytest.mark.parametrize(
    ("source", "translation", "problem"),
    [
        ("Hello %(name)s", "Hallo %(nom)s", "placeholders"),
        ("Hello %(name)s", "Hallo", "placeholders"),
        ("Hello %(name)s", "Hallo %(name)s %(x)s", "placeholders"),
        ("%s of %s", "%s", "placeholders"),
        ("%s items", "%d Dinge", "placeholders"),
        ("Hi {name}", "Salut {nom}", "placeholders"),
        ("%(count)s languages", "50 % des langues (%(count)s)", "percent"),
        ("%(count)s languages", "%(count)s langues %", "percent"),
        ("%s of %d", "%d von %s", "percent"),
        ("{count} guesses", "{count} essais {", "braces"),
        ("Hi", "Salut <b>toi</b>", "markup"),
        ("Open <a>x</a>", "<a>x</a><script>alert(1)</script>", "markup"),
        ("Click here", "<img src=x onerror=alert(1)>", "markup"),
        ("Who's that Pokémon?", "Wer ist das?<!--", "markup"),
        (FRAME_HINT, f'{LINK[:-1]} style="position:fixed">%(name)s</a>', "markup"),
        (FRAME_HINT, f'{LINK[:-1]} onclick="alert(1)">%(name)s</a>', "markup"),
        (FRAME_HINT, '<a href="https://evil.example/">%(name)s %(url)s</a>', "markup"),
    ],
)
def test_it_refuses_what_would_break_the_page(source, translation, problem):
    assert problem in problems(translation, source)


def test_a_named_plural_form_may_drop_the_count_but_not_rename_it():
    assert problems("Ein Spiel", "One game", "%(count)s games") == []
    assert problems("%(count)s Spiele", "One game", "%(count)s games") == []
    assert problems("%(anzahl)s Spiele", "One game", "%(count)s games") == ["placeholders"]


def test_a_positional_plural_form_keeps_its_count():
    # ngettext(...) % n raises on a form without the %d.
    assert problems("Ein Spiel", "%d game", "%d games") == ["placeholders"]


def test_each_refusal_has_its_message_naming_the_source():
    found = ["placeholders", "percent", "markup"]
    messages = explain(found, "%(count)s languages")
    assert len(messages) == 3 and all("“%(count)s languages”" in text for text in messages)
    assert "(%(count)s)" in messages[0]
    assert messages[1].endswith("must be written as %%.")
