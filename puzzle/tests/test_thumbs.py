"""The suggestions' small pictures: every Pokémon the same treatment, nothing to learn."""

from io import BytesIO

import pytest
from PIL import Image

from puzzle.images import thumbs

pytestmark = pytest.mark.django_db


def picture(response) -> Image.Image:
    return Image.open(BytesIO(response.content))


def test_a_pokemon_with_artwork_gets_a_small_picture(client):
    response = client.get("/api/pokemon/25/thumb.webp")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    assert "public" in response["Cache-Control"]
    assert picture(response).size == (48, 48)


def test_a_pokemon_without_artwork_gets_the_neutral_mark_at_the_same_size(client):
    without = client.get("/api/pokemon/1000/thumb.webp")
    assert without.status_code == 200
    assert picture(without).size == (48, 48)
    assert without.content == client.get("/api/pokemon/1001/thumb.webp").content


def test_a_number_that_is_no_pokemon_is_not_found(client):
    response = client.get("/api/pokemon/99999/thumb.webp")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "pokemon_not_found"


@pytest.mark.parametrize("number", ["0", "1026", "100000", "10000000000000000000000", "-1"])
def test_no_number_outside_the_pokedex_draws_or_caches_a_picture(client, monkeypatch, number):
    drawn = []
    monkeypatch.setattr(thumbs, "render_thumb", lambda pokemon: drawn.append(pokemon) or b"")
    response = client.get(f"/api/pokemon/{number}/thumb.webp")
    assert response.status_code == 404 and drawn == []


def test_the_names_list_carries_each_pokemons_number(client):
    names = client.get("/api/pokemon/names?lang=de").json()["names"]
    bulbasaur = next(entry for entry in names if entry["name"] == "Bisasam")
    assert bulbasaur["id"] == 1
