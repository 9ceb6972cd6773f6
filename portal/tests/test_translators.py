"""Translators work in Rosetta; staff see per-language completeness."""

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.fixture
def translator(client):
    user = User.objects.create_user("tr", "tr@example.org", "pw-123456", is_staff=True)
    user.groups.add(Group.objects.get(name="translators"))
    client.force_login(user)
    return client


def test_a_translator_can_open_a_catalogue_in_rosetta(translator):
    response = translator.get("/rosetta/files/project/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "German" in html and 'href="/rosetta/files/project/de/0/"' in html
    detail = translator.get("/rosetta/files/project/de/0/")
    assert detail.status_code == 200


def test_anyone_else_is_sent_to_the_login(client):
    response = client.get("/rosetta/files/project/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


@pytest.mark.slow
def test_the_status_command_lists_every_language_with_complete_game_pages(capsys):
    from django.conf import settings

    call_command("translation_status", "--content")
    lines = capsys.readouterr().out.splitlines()[1:]
    codes = [code for code, _name in settings.LANGUAGES if code != "en"]
    assert [line.split()[0] for line in lines] == codes
    pages = [line.split()[5:7] for line in lines]  # the game pages: filled/total, percent
    assert all(int(count.split("/")[1]) > 0 and percent == "100%" for count, percent in pages)


def test_the_status_counts_translated_fuzzy_and_plural_entries(tmp_path):
    from portal.management.commands.translation_status import catalogue_counts

    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Done"\nmsgstr "Fertig"\n\n'
        '#, fuzzy\nmsgid "Draft"\nmsgstr "Entwurf"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgid "{n} game"\nmsgid_plural "{n} games"\nmsgstr[0] "{n} Spiel"\nmsgstr[1] ""\n\n'
        '#~ msgid "Gone"\n#~ msgstr "Weg"\n',
        encoding="utf-8",
    )
    assert catalogue_counts(po) == (1, 1, 4)


def test_the_status_counts_a_blank_field_and_leaves_out_a_percentage():
    from games.models import Game, Weapon
    from portal.management.commands.translation_status import content_counts

    filled, total = content_counts("de", "games")
    Game.objects.filter(slug="vex5").update(name_de="")
    assert content_counts("de", "games") == (filled - 1, total)
    weapon = Weapon.objects.first()
    Weapon.objects.filter(pk=weapon.pk).update(damage_en="High", damage_de="")
    as_a_word = content_counts("de", "games")
    Weapon.objects.filter(pk=weapon.pk).update(damage_en="", damage_percent=55)
    assert content_counts("de", "games") == (as_a_word[0], as_a_word[1] - 1)
