"""The settled Pokédex data (docs/pokedex-data.md): hint traits where the two sources
disagreed, official names per language, aliases, suggestions in the page language and
the help text that says which names are accepted."""

import importlib.util
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.utils import translation

from portal import catalogues
from portal.languages import OFFICIAL_NAME_LANGUAGES
from puzzle import island
from puzzle.models import DailyPuzzle, Pokemon
from puzzle.rules import NameIndex

ROOT = Path(__file__).resolve().parents[2]
DATA_FILE = ROOT / "puzzle" / "data" / "pokedex.json"
SCRIPT = ROOT / "scripts" / "build_pokedex.py"
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21
SITE_LANGUAGES = [code for code, _name in settings.LANGUAGES]
NO_OFFICIAL_NAMES = {"pt", "da", "pl", "ru", "vi", "fil", "no", "nl", "hi", "ar"}


@pytest.fixture(scope="module")
def dex() -> dict[int, dict]:
    return {p["id"]: p for p in json.loads(DATA_FILE.read_text("utf-8"))}


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("_build_pokedex", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# --- hint traits -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "trait", "value"),
    [
        (809, "stage", 2),  # Melmetal evolves from Meltan
        (490, "stage", 1),  # Manaphy does not evolve (Phione is its offspring)
        (666, "color", "White"),  # Vivillon
        (774, "color", "Brown"),  # Minior, Meteor Form (default)
        (774, "weight", 40.0),
        (899, "color", "Gray"),  # Wyrdeer
        (925, "weight", 2.8),  # Maushold, Family of Four (default)
        (961, "color", "Red"),  # Wugtrio
        (986, "color", "Gray"),  # Brute Bonnet
        (1014, "weight", 92.2),  # Okidogi
        (499, "weight", 55.5),  # Pignite
        (718, "height", 5.0),  # Zygarde, 50% Forme (default)
        (718, "weight", 305.0),
        (718, "color", "Green"),
    ],
)
def test_the_settled_disagreements_hold(dex, number, trait, value):
    assert dex[number][trait] == value


def test_every_settlement_is_pinned_here_too(script):
    settled = {key: value[2] for key, value in script.TRAIT_SETTLEMENTS.items()}
    assert settled == {
        (490, "stage"): 1,
        (499, "weight"): 55.5,
        (666, "color"): "White",
        (774, "color"): "Brown",
        (774, "weight"): 40.0,
        (809, "stage"): 2,
        (899, "color"): "Gray",
        (925, "weight"): 2.8,
        (961, "color"): "Red",
        (986, "color"): "Gray",
        (1014, "weight"): 92.2,
    }


@pytest.mark.parametrize(
    ("number", "stage"),
    [
        (172, 1),  # Pichu: a baby is stage 1
        (25, 2),  # Pikachu
        (26, 3),  # Raichu
        (440, 1),  # Happiny (baby)
        (113, 2),  # Chansey
        (242, 3),  # Blissey
        (133, 1),  # Eevee
        (134, 2),  # Vaporeon: a branch counts like a line
        (866, 3),  # Mr. Rime: Mime Jr. -> Mr. Mime -> Mr. Rime
        (150, 1),  # Mewtwo does not evolve
    ],
)
def test_the_stage_rule_counts_babies_as_stage_one(dex, number, stage):
    assert dex[number]["stage"] == stage


def test_the_stage_rule_is_documented_in_the_script_and_the_help(script):
    assert "baby Pokémon included" in script.__doc__
    assert "Pichu is 1, Pikachu 2 and" in script.__doc__
    template = (ROOT / "pages/templates/pages/how_to_play.html").read_text("utf-8")
    assert "baby Pokémon included: {{ baby }} is stage 1, {{ basic }} stage 2 and" in template
    assert '{% pokemon_name "Pichu" as baby %}{% pokemon_name "Pikachu" as basic %}' in template


# --- names in the data file --------------------------------------------------------------


def test_current_official_chinese_names_are_shown_and_older_ones_accepted(dex):
    porygon2, porygon_z = dex[233], dex[474]
    assert porygon2["names"]["zh-hans"] == "多边兽2型"
    assert porygon2["names"]["zh-hant"] == "多邊獸Ⅱ"
    assert porygon_z["names"]["zh-hans"] == "多边兽乙型"
    assert porygon_z["names"]["zh-hant"] == "多邊獸Ｚ"
    assert porygon2["aliases"]["zh-hans"] == ["3D龙II"]
    assert porygon_z["aliases"]["zh-hans"] == ["3D龙Z"]
    assert porygon_z["aliases"]["zh-hant"] == ["3D龍Z"]
    assert dex[663]["names"]["zh-hans"] == "烈箭鹰"  # Talonflame, formerly 烈箭鹟
    assert dex[197]["names"]["zh-hans"] == "月亮伊布"  # Umbreon, formerly 月精灵
    assert dex[563]["names"]["zh-hant"] == "死神棺"  # Traditional keeps its own name


def test_about_ninety_chinese_names_were_renewed(dex):
    simplified = sum("zh-hans" in p["aliases"] for p in dex.values())
    traditional = sum("zh-hant" in p["aliases"] for p in dex.values())
    assert simplified == 84
    assert traditional == 81


def test_italian_has_its_own_names(dex):
    assert dex[772]["names"]["it"] == "Tipo Zero"
    assert dex[984]["names"]["it"] == "Grandizanne"  # Great Tusk
    assert dex[1006]["names"]["it"] == "Eroeferreo"  # Iron Valiant
    assert dex[1023]["names"]["it"] == "Capoferreo"  # Iron Crown
    assert dex[25]["names"]["it"] == "Pikachu"
    assert dex[409]["names"]["it"] == "Rampardos"  # the second table's slip is not taken
    own = [p["id"] for p in dex.values() if p["names"]["it"] != p["names"]["en"]]
    assert len(own) == 21  # Type: Null and the 20 Paradox Pokémon


def test_spanish_german_and_french_fixes(dex):
    assert dex[669]["names"]["es"] == "Flabébé"
    assert dex[772]["names"]["es"] == "Código Cero"
    assert (dex[619]["names"]["de"], dex[620]["names"]["de"]) == ("Lin-Fu", "Wie-Shu")
    assert dex[674]["names"]["de"] == "Pam-Pam"
    assert dex[204]["names"]["fr"] == "Pomdepik"
    assert dex[469]["names"]["fr"] == "Yanmega"


def test_russian_names_are_aliases_in_cyrillic_only(dex):
    assert all("ru" not in p["names"] for p in dex.values())
    assert dex[25]["aliases"]["ru"] == ["Пикачу"]
    assert dex[760]["aliases"]["ru"] == ["Бевеар"]  # homoglyph fixed
    for species in dex.values():
        for name in species["aliases"].get("ru", []):
            assert not re.search("[A-Za-z]{3}", name), (species["id"], name)
    # Generation 8 names that the source left in Latin letters are not aliases.
    assert "ru" not in dex[821]["aliases"]  # Rookidee


def test_the_site_languages_with_official_names_have_them_in_the_data(dex):
    data_key = {"zh": "zh-hans"}
    for lang in OFFICIAL_NAME_LANGUAGES:
        assert all(data_key.get(lang, lang) in p["names"] for p in dex.values()), lang
    assert set(SITE_LANGUAGES) - OFFICIAL_NAME_LANGUAGES == NO_OFFICIAL_NAMES


# --- the imported rows --------------------------------------------------------------------


@pytest.mark.django_db
def test_the_import_shows_official_names_and_accepts_aliases():
    porygon_z = Pokemon.objects.get(pk=474)
    assert porygon_z.display_name("zh") == "多边兽乙型"
    assert {"多边兽乙型", "3D龙Z", "3D龍Z", "多邊獸Ｚ"} <= set(porygon_z.names_for("zh"))
    assert Pokemon.objects.get(pk=772).display_name("it") == "Tipo Zero"
    assert Pokemon.objects.get(pk=772).display_name("es") == "Código Cero"
    pikachu = Pokemon.objects.get(pk=25)
    assert pikachu.display_name("ru") == "Pikachu"
    assert "Пикачу" in pikachu.names_for("ru")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "text", "shown"),
    [
        ("zh", "多边兽2型", "多边兽2型"),
        ("zh", "3D龙II", "多边兽2型"),
        ("zh", "多边兽乙型", "多边兽乙型"),
        ("zh", "3D龙Z", "多边兽乙型"),
        ("it", "Tipo Zero", "Tipo Zero"),
        ("es", "Codigo Cero", "Código Cero"),
        ("es", "Flabebe", "Flabébé"),
        ("de", "Lin-Fu", "Lin-Fu"),
        ("ru", "Пикачу", "Pikachu"),
        ("ru", "Pikachu", "Pikachu"),
    ],
)
def test_official_and_older_names_are_accepted_as_guesses(client, lang, text, shown):
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=1, scheduled=True)
        response = client.post(
            f"/api/puzzle/21/guesses?lang={lang}",
            json.dumps({"name": text}),
            content_type="application/json",
        )
    assert response.status_code == 201, response.content
    assert response.json()["guess"]["name"] == shown


# --- suggestions --------------------------------------------------------------------------


def test_a_suggestion_uses_the_label_of_the_closest_species():
    index = NameIndex([(663, ["Talonflame", "Fiaro"])], labels={663: "Fiaro"})
    assert index.suggest("Talonflme") == ["Fiaro"]
    assert NameIndex([(663, ["Talonflame", "Fiaro"])]).suggest("Talonflme") == ["Talonflame"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "text", "suggestion"),
    [
        ("de", "Talonflme", "Fiaro"),
        ("de", "Fletchlng", "Dartiri"),
        ("fr", "Talonflme", "Flambusard"),
        ("it", "Grandizane", "Grandizanne"),
        ("en", "Fletchlng", "Fletchling"),
        ("zh", "3D龙III", "多边兽2型"),
        ("ru", "Пикач", "Pikachu"),
        ("pl", "Talonflme", "Talonflame"),
    ],
)
def test_the_did_you_mean_names_the_pokemon_in_the_page_language(
    client: Client, lang, text, suggestion
):
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=1, scheduled=True)
        response = client.post(
            f"/api/puzzle/21/guesses?lang={lang}",
            json.dumps({"name": text}),
            content_type="application/json",
        )
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["suggestions"] == [suggestion]
    assert suggestion in error["message"]


# --- what the help text promises ----------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_the_game_help_says_which_names_are_accepted(rf, lang):
    with translation.override(lang):
        props = island.game_island_context(rf.get("/"))["game_props"]
        expected = island.STRINGS["howToPlayNames"]
        if lang in NO_OFFICIAL_NAMES:
            expected = island.NAMES_HELP_ENGLISH
        assert props["strings"]["howToPlayNames"] == str(expected)


def test_every_catalogue_translates_the_english_names_help():
    msgids = {
        "Pokémon have no official names in this language, so names are shown in English. "
        "Type the English name. Capitals, accents, spaces and punctuation do not matter. "
        "Unknown names and repeated guesses do not use an attempt.",
        "Type any Pokémon's English name and press Enter.",
        "Start typing and pick a Pokémon from the suggestions, or finish the name yourself. "
        "Pokémon have no official names in this language, so type the English name.",
        "Stage counts evolutions from the first Pokémon of a family, baby Pokémon included: "
        "%(baby)s is stage 1, %(basic)s stage 2 and %(evolved)s stage 3. A Pokémon that does "
        "not evolve is stage 1.",
    }
    for lang in SITE_LANGUAGES:
        if lang == "en":
            continue
        catalogue = catalogues.read(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po")
        translated = {e.msgid for e in catalogue if e.msgstr and not e.obsolete}
        assert msgids <= translated, lang


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("prefix", "promise"),
    [
        ("/de/", "Gib den Namen eines beliebigen Pokémon in deiner Sprache"),
        ("/pl/", "Wpisz angielską nazwę"),
        ("/nl/", "Typ de Engelse naam"),
    ],
)
def test_the_home_page_promises_only_what_is_accepted(client, prefix, promise):
    assert promise in client.get(prefix).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("prefix", "promise", "broken_promise"),
    [
        ("/", "Names work in this site's language or in English.", "no official names"),
        ("/it/", "I nomi funzionano nella lingua di questo sito", "non hanno nomi ufficiali"),
        ("/vi/", "nên hãy gõ tên tiếng Anh", "bằng ngôn ngữ của trang hoặc tiếng Anh"),
        ("/ar/", "لذلك اكتب الاسم الإنجليزي", "تعمل الأسماء بلغة هذا الموقع"),
    ],
)
def test_how_to_play_promises_only_what_is_accepted(client, prefix, promise, broken_promise):
    page = client.get(f"{prefix}how-to-play/").content.decode()
    assert promise in page
    assert broken_promise not in page
    assert "Pichu" in page  # the stage rule


# --- the build script's cross-check ------------------------------------------------------


def _showdown(**changes) -> dict:
    entry = {"types": ["Steel"], "heightm": 2.5, "weightkg": 800.0, "color": "Gray", "stage": 1}
    return {**entry, **changes}


def _second(**changes) -> dict:
    entry = {"types": ["Steel"], "generation": 1, "height": 2.5, "weight": 800.0}
    return {**entry, "color": "Gray", "stage": 1, **changes}


def test_the_build_stops_on_an_unsettled_trait(script, monkeypatch):
    monkeypatch.setattr(script, "SPECIES_COUNT", 1)
    monkeypatch.setattr(script, "TRAIT_SETTLEMENTS", {})
    with pytest.raises(SystemExit, match="#1 stage: Showdown 1, second 2"):
        script.settle_traits({1: _showdown()}, {1: _second(stage=2)})


def test_the_build_applies_a_settlement_and_stops_when_it_is_stale(script, monkeypatch):
    monkeypatch.setattr(script, "SPECIES_COUNT", 1)
    monkeypatch.setattr(script, "TRAIT_SETTLEMENTS", {(1, "stage"): (1, 2, 2)})
    traits, notes = script.settle_traits({1: _showdown()}, {1: _second(stage=2)})
    assert traits[1]["stage"] == 2 and notes == ["#1 stage: 1 / 2 -> 2"]
    with pytest.raises(SystemExit, match="no longer needed"):
        script.settle_traits({1: _showdown()}, {1: _second()})


def test_the_build_keeps_older_chinese_names_as_aliases_and_stops_on_other_conflicts(
    script, monkeypatch
):
    monkeypatch.setattr(script, "SPECIES_COUNT", 1)
    monkeypatch.setattr(script, "SECOND_TABLE_ERRORS", {})
    ours = {lang: "Porygon-Z" for lang in script.LANGUAGES}
    ours.update({"zh-hans": "3D龙Z", "ru": "Поригон-Z"})
    theirs = {"names": {"en": "Porygon-Z", "zh-hans": "多边兽乙型", "it": "Porygon-Z"}}
    official, aliases, _notes = script.settle_names({1: ours}, {1: theirs})
    assert official[1]["zh-hans"] == "多边兽乙型"
    assert aliases[1] == {"zh-hans": ["3D龙Z"], "ru": ["Поригон-Z"]}
    ours["ru"] = "Porygon-Z"  # a Russian entry left in Latin letters is no alias
    assert script.settle_names({1: ours}, {1: theirs})[1][1] == {"zh-hans": ["3D龙Z"]}
    theirs["names"]["de"] = "Porygon-Zett"
    with pytest.raises(SystemExit, match="de #1: ours 'Porygon-Z', second table 'Porygon-Zett'"):
        script.settle_names({1: ours}, {1: theirs})
