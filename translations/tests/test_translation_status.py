"""`translation_status`: per-language completeness of site text and game pages."""

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_the_status_command_lists_every_language_with_complete_game_pages(capsys):
    from django.conf import settings

    call_command("translation_status", "--content")
    lines = capsys.readouterr().out.splitlines()[1:]
    codes = [code for code, _name in settings.LANGUAGES if code != "en"]
    assert [line.split()[0] for line in lines] == codes
    # The game pages: done/total, percent, outdated.
    pages = [line.split()[5:8] for line in lines]
    assert all(
        int(count.split("/")[1]) > 0 and percent == "100%" and outdated == "0"
        for count, percent, outdated in pages
    )


def test_the_status_counts_translated_fuzzy_and_plural_entries(tmp_path):
    from translations.management.commands.translation_status import catalogue_counts

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
    from translations.management.commands.translation_status import page_counts

    done, total, _outdated = page_counts("de")
    Game.objects.filter(slug="vex5").update(name_de="")
    assert page_counts("de")[:2] == (done - 1, total)
    weapon = Weapon.objects.first()
    Weapon.objects.filter(pk=weapon.pk).update(damage_en="High", damage_de="")
    as_a_word = page_counts("de")
    Weapon.objects.filter(pk=weapon.pk).update(damage_en="", damage_percent=55)
    assert page_counts("de")[:2] == (as_a_word[0], as_a_word[1] - 1)


def test_the_status_counts_an_outdated_translation():
    from games.models import FaqItem
    from translations.management.commands.translation_status import page_counts

    faq = FaqItem.objects.first()
    faq.answer_en = "A new answer."
    faq.save()
    assert page_counts("de")[2] == 1
