"""A silhouette's URL follows its artwork, and a missing artwork is a 404, never a 500
(docs/security.md "The silhouette's URL follows its artwork")."""

import re
from datetime import UTC, date, datetime

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from puzzle import pokedex
from puzzle.api import shapes
from puzzle.models import DailyPuzzle, Pokemon, PracticeRound
from puzzle.tests.test_admin import png_bytes
from puzzle.tests.test_backoffice import form_data

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21


@pytest.fixture
def pikachu_today():
    with time_machine.travel(NOON, tick=False):
        yield DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)


def today_url(client: Client) -> str:
    return client.get("/api/puzzle/today").json()["silhouette_url"]


def clear_artwork(staff: Client, pokemon_id: int) -> None:
    """Staff clear the uploaded artwork, taking the Pokémon out of the pool."""
    pokemon = Pokemon.objects.get(pk=pokemon_id)
    url = f"/admin/puzzle/pokemon/{pokemon_id}/change/"
    assert staff.post(url, form_data(pokemon, **{"artwork-clear": "on"})).status_code == 302
    assert not Pokemon.objects.get(pk=pokemon_id).artwork


def upload_artwork(staff: Client, pokemon_id: int) -> None:
    upload = SimpleUploadedFile("art.png", png_bytes(), content_type="image/png")
    pokemon = Pokemon.objects.get(pk=pokemon_id)
    url = f"/admin/puzzle/pokemon/{pokemon_id}/change/"
    response = staff.post(url, form_data(pokemon, artwork=upload, in_daily_pool="on"))
    assert response.status_code == 302


class TestMissingArtwork:
    """Pokémon #1000 has no bundled artwork: staff upload one, then clear it."""

    def test_an_open_rounds_answer_without_artwork_is_a_404(self, client, staff):
        upload_artwork(staff, 1000)
        start = client.post("/api/practice?lang=en", "{}", content_type="application/json")
        round_id = start.json()["round"]
        PracticeRound.objects.filter(pk=round_id).update(pokemon_id=1000)
        clear_artwork(staff, 1000)
        response = client.get(f"/api/practice/{round_id}/silhouette.png")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "silhouette_unavailable"

    def test_a_daily_answer_without_artwork_is_a_404(self, client, staff):
        upload_artwork(staff, 1000)
        with time_machine.travel(NOON, tick=False):
            DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=1000, scheduled=True)
            url = today_url(client)
            clear_artwork(staff, 1000)
            response = client.get(url)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "silhouette_unavailable"


class TestDailyUrl:
    def test_it_carries_an_opaque_stamp(self, client, pikachu_today):
        assert re.fullmatch(r"/api/puzzle/21/silhouette\.png\?v=[0-9a-f]{16}", today_url(client))

    def test_its_stamp_serves_it_as_immutable(self, client, pikachu_today):
        response = client.get(today_url(client))
        assert response.status_code == 200 and "immutable" in response["Cache-Control"]

    def test_a_new_artwork_gives_a_new_url(self, client, staff, pikachu_today):
        before = today_url(client)
        upload_artwork(staff, 25)
        assert today_url(client) != before

    def test_an_old_url_is_no_longer_immutable(self, client, staff, pikachu_today):
        before = today_url(client)
        upload_artwork(staff, 25)
        response = client.get(before)
        assert response.status_code == 200 and "immutable" not in response["Cache-Control"]

    def test_two_days_of_one_pokemon_have_unrelated_stamps(self):
        pikachu = pokedex.get(25)
        assert pikachu is not None
        first = DailyPuzzle(date=date(2026, 11, 21), pokemon_id=25)
        later = DailyPuzzle(date=date(2027, 6, 2), pokemon_id=25)
        assert shapes.silhouette_stamp(first, pikachu) != shapes.silhouette_stamp(later, pikachu)

    def test_the_page_shows_the_url_the_api_gives(self, client, pikachu_today):
        assert f'src="{today_url(client)}"' in client.get("/").content.decode()
