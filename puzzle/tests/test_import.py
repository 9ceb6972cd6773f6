"""``import_pokedex`` runs on every deploy: it brings the data file's changes and never
resets a name or accepted name staff edited."""

import io
import json

import pytest
from django.core.management import call_command

from puzzle import pokedex as memo
from puzzle.management.commands.import_pokedex import DATA
from puzzle.models import Pokemon

pytestmark = pytest.mark.django_db


@pytest.fixture
def pokedex(tmp_path):
    """An editable copy of the data file: (entries by id, function that imports it)."""
    entries = json.loads(DATA.read_text(encoding="utf-8"))
    path = tmp_path / "pokedex.json"

    def run() -> None:
        path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
        call_command("import_pokedex", file=str(path), stdout=io.StringIO())

    return {e["id"]: e for e in entries}, run


def test_a_staff_edited_name_and_accepted_names_survive_an_import(pokedex):
    _entries, run = pokedex
    pikachu = Pokemon.objects.get(pk=25)
    pikachu.name_de = "Pikachu (Redaktion)"
    pikachu.extra_names = ["Pika"]
    pikachu.save()
    run()
    pikachu.refresh_from_db()
    assert pikachu.name_de == "Pikachu (Redaktion)"
    assert pikachu.extra_names == ["Pika"]


def test_cleared_accepted_names_stay_cleared(pokedex):
    _entries, run = pokedex
    nidoran = Pokemon.objects.get(pk=29)
    assert nidoran.extra_names
    nidoran.extra_names = []
    nidoran.save()
    run()
    nidoran.refresh_from_db()
    assert nidoran.extra_names == []


def test_a_rename_in_the_file_reaches_untouched_names_only(pokedex):
    entries, run = pokedex
    edited = Pokemon.objects.get(pk=1)
    edited.name_fr = "Bulbi (Redaktion)"
    edited.save()
    entries[1]["names"]["fr"] = "Bulbizarre-X"
    entries[1]["names"]["de"] = "Bisasam-X"
    entries[4]["height"] = 0.7
    run()
    edited.refresh_from_db()
    assert edited.name_fr == "Bulbi (Redaktion)"
    assert edited.name_de == "Bisasam-X"
    assert Pokemon.objects.get(pk=4).height == 0.7


def test_an_unchanged_import_writes_nothing_and_keeps_the_names_version(pokedex):
    _entries, run = pokedex
    version = memo.version()
    run()
    assert memo.version() == version


def test_rows_from_before_digests_take_the_file_once_then_are_tracked(pokedex):
    _entries, run = pokedex
    Pokemon.objects.filter(pk=7).update(import_digests={}, name_de="Alt")
    run()
    squirtle = Pokemon.objects.get(pk=7)
    assert squirtle.name_de == "Schiggy"
    squirtle.name_de = "Schiggy (Redaktion)"
    squirtle.save()
    run()
    squirtle.refresh_from_db()
    assert squirtle.name_de == "Schiggy (Redaktion)"


def test_other_apps_read_official_names_through_the_pokedex():
    from puzzle import pokedex as memo

    assert memo.official_names(["Pikachu", "Not a Pokémon"], "ja") == {"Pikachu": "ピカチュウ"}
    assert memo.official_names(["Pikachu"], "vi") == {"Pikachu": "Pikachu"}  # English
