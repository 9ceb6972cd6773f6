"""carry_translations moves translations to the keys the source now uses, so that
make messages keeps them, and can run again after any merge."""

import polib
import pytest

from portal import catalogues
from translations.management.commands.carry_translations import carry

pytestmark = pytest.mark.django_db

TYPES_EXAMPLE = (
    "You guess Bulbasaur (Grass / Poison), the answer is Zubat (Poison / Flying): type 1 "
    "Grass ✗, type 2 Poison ↔."
)
TYPES_EXAMPLE_NOW = (
    "You guess {guess} (Grass / Poison), the answer is {answer} (Poison / Flying): type 1 "
    "Grass ✗, type 2 Poison ↔."
)


def catalogue(*entries: polib.POEntry) -> polib.POFile:
    po = polib.POFile()
    for entry in entries:
        po.append(entry)
    return po


def test_a_word_gets_its_translation_under_each_new_context():
    po = catalogue(polib.POEntry(msgid="Finished", msgstr="Beendet"))
    assert carry(po, "de") == []
    assert catalogues.find(po, "Finished", "puzzle state").msgstr == "Beendet"
    assert catalogues.find(po, "Finished", "number of games finished").msgstr == "Beendet"


def test_an_old_key_merged_in_later_wins_and_a_second_run_changes_nothing():
    po = catalogue(
        polib.POEntry(msgid="Guess", msgstr="Raten!"),
        polib.POEntry(msgid="Guess", msgctxt="button: send a guess", msgstr="Raten"),
        polib.POEntry(msgid="Dark", msgctxt="theme", msgstr="Dunkel"),
    )
    carry(po, "de")
    assert catalogues.find(po, "Guess", "button: send a guess").msgstr == "Raten!"
    assert catalogues.find(po, "Dark", "theme").msgstr == "Dunkel"  # no old "Dark" here
    before = str(po)
    carry(po, "de")
    assert str(po) == before


def test_names_leave_the_translation_for_their_placeholders():
    po = catalogue(
        polib.POEntry(
            msgid=TYPES_EXAMPLE,
            msgstr="Du rätst Bisasam (Pflanze / Gift), die Lösung ist Zubat (Gift / Flug).",
        )
    )
    assert carry(po, "de") == []
    entry = catalogues.find(po, TYPES_EXAMPLE_NOW, None)
    assert (
        entry.msgstr == "Du rätst {guess} (Pflanze / Gift), die Lösung ist {answer} (Gift / Flug)."
    )


def test_a_translation_without_the_names_is_kept_as_fuzzy_and_reported():
    po = catalogue(polib.POEntry(msgid=TYPES_EXAMPLE, msgstr="Ein Beispiel ohne Namen."))
    assert carry(po, "de")
    entry = catalogues.find(po, TYPES_EXAMPLE_NOW, None)
    assert entry.msgstr == "Ein Beispiel ohne Namen." and "fuzzy" in entry.flags
