"""The shipped page content: translations mirror the English documents exactly, so
the loader can pair every translated text with its row."""

import json

import pytest
from django.conf import settings

from games.content import CONTENT_DIR, TRANSLATIONS_DIR, content_files, read
from games.models import Game, is_percentage

KEEP = {
    "slug", "order", "in_footer", "name", "developer", "decorative_dots", "url", "anchor", "allow",
    "height", "height_small", "aspect_ratio", "max_height", "kind", "mode", "key", "icon",
    "type", "category", "damage", "accuracy", "range", "number", "difficulty", "keys",
    "base", "evolved", "ref",
}  # fmt: skip
TRANSLATION_FILES = sorted(TRANSLATIONS_DIR.glob("*/*.json"))


def translated_in_weapon(item: dict, key: str) -> bool:
    """A weapon's name and its stats written as words are translated; percentages are not."""
    if "category" not in item:
        return False
    return key == "name" or (
        key in ("damage", "accuracy", "range") and not is_percentage(item[key])
    )


def same_shape(english, local, path="") -> None:
    assert type(english) is type(local), path
    if isinstance(english, dict):
        assert list(english) == list(local), path
        for key, value in english.items():
            if (
                key in KEEP
                and not isinstance(value, (dict, list))
                and not translated_in_weapon(english, key)
            ):
                assert local[key] == value, f"{path}.{key}"
            same_shape(value, local[key], f"{path}.{key}")
    elif isinstance(english, list):
        assert len(english) == len(local), path
        for index, (a, b) in enumerate(zip(english, local, strict=True)):
            same_shape(a, b, f"{path}[{index}]")


@pytest.mark.parametrize("path", TRANSLATION_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_translation_mirrors_its_english_page(path):
    assert path.parent.name in {code for code, _n in settings.LANGUAGES} - {"en"}
    english = read(CONTENT_DIR / path.name)
    local = json.loads(path.read_text(encoding="utf-8"))
    same_shape(english, local)
    assert local["hero_text"] != english["hero_text"]


def test_every_english_page_is_valid_json_with_a_frame():
    for path in content_files():
        data = read(path)
        assert data["frame"]["url"].startswith("https://")


@pytest.mark.django_db
def test_translated_content_reaches_the_page(client):
    translated = sorted({p.parent.name for p in TRANSLATION_FILES if p.stem == "pokerogue"})
    assert len(translated) == 18  # every language but English ships its page text
    code = translated[0]
    local = json.loads((TRANSLATIONS_DIR / code / "pokerogue.json").read_text(encoding="utf-8"))
    html = client.get(f"/{code}/pokerogue/").content.decode()
    assert local["hero_title"].replace("'", "&#x27;") in html
    game = Game.objects.get(slug="pokerogue")
    assert getattr(game, f"seo_title_{code}") == local["seo_title"]


@pytest.mark.django_db
def test_loading_again_keeps_staff_edits():
    from games.content import load_all

    game = Game.objects.get(slug="pokerogue")
    game.hero_title_de = "Von der Redaktion geändert"
    game.save()
    created = load_all().created_pages
    game.refresh_from_db()
    assert created == []
    assert game.hero_title_de == "Von der Redaktion geändert"


@pytest.mark.django_db
def test_evolution_cards_use_official_local_pokemon_names(client):
    html = client.get("/de/pokemon-clicker-2/").content.decode()
    assert "Fukano" in html and "Karpador" in html
    assert "Growlithe <span" not in html
