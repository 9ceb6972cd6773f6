"""Staff tools of the daily game: artwork upload, pool membership, scheduling, the
Pokémon form's edit lock."""

from datetime import UTC, date, datetime
from io import BytesIO

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from puzzle.images.silhouette import render_silhouette
from puzzle.models import DailyPuzzle, Pokemon, RefusedName
from puzzle.tests.test_backoffice import form_data
from tests.admin_forms import form_of

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def png_bytes() -> bytes:
    image = Image.new("RGBA", (400, 300), (0, 0, 0, 0))
    for x in range(100, 300):
        for y in range(50, 250):
            image.putpixel((x, y), (200, 30, 30, 255))
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_staff_can_upload_artwork_and_add_a_species_to_the_pool(staff):
    pokemon = Pokemon.objects.get(pk=700)
    upload = SimpleUploadedFile("art.png", png_bytes(), content_type="image/png")
    response = staff.post(
        "/admin/puzzle/pokemon/700/change/",
        form_data(pokemon, artwork=upload, in_daily_pool="on"),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    pokemon.refresh_from_db()
    assert pokemon.artwork.name.endswith(".webp")
    assert pokemon.in_daily_pool
    assert Pokemon.objects.in_pool().filter(pk=700).exists()
    with pokemon.open_artwork() as artwork, Image.open(artwork) as art:
        assert art.size == (256, 256)
    with pokemon.open_artwork() as artwork:
        silhouette = Image.open(BytesIO(render_silhouette(artwork)))
    assert silhouette.size == (256, 256)


def test_the_pool_refuses_a_species_without_artwork(staff):
    pokemon = Pokemon.objects.get(pk=1000)
    response = staff.post(
        "/admin/puzzle/pokemon/1000/change/", form_data(pokemon, in_daily_pool="on")
    )
    assert response.status_code == 200
    assert "Upload artwork before adding it to the pool." in response.content.decode()


def test_staff_schedule_a_future_day_but_not_a_past_one(staff):
    with time_machine.travel(NOON, tick=False):
        past = staff.post("/admin/puzzle/dailypuzzle/add/", {"date": "2026-11-20", "pokemon": 25})
        assert past.status_code == 200
        assert "Only future dates can be scheduled." in past.content.decode()
        future = staff.post("/admin/puzzle/dailypuzzle/add/", {"date": "2026-12-24", "pokemon": 25})
        assert future.status_code == 302
    puzzle = DailyPuzzle.objects.get(date=date(2026, 12, 24))
    assert puzzle.scheduled and puzzle.pokemon_id == 25


def test_a_released_puzzle_cannot_be_changed(staff):
    with time_machine.travel(NOON, tick=False):
        puzzle = DailyPuzzle.for_date(date(2026, 11, 21), save=True)
        response = staff.get(f"/admin/puzzle/dailypuzzle/{puzzle.pk}/change/")
        assert response.status_code == 200
        assert 'name="_save"' not in response.content.decode()


class TestEditLock:
    """The Pokémon form has the game pages' edit lock (portal.admin_lock)."""

    URL = "/admin/puzzle/pokemon/25/change/"

    @pytest.fixture
    def puzzle(self):
        with time_machine.travel(NOON, tick=False):
            yield DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)

    def accept(self, staff, puzzle: DailyPuzzle, text: str):
        RefusedName.record(puzzle, text)
        refused = RefusedName.objects.get(text=text)
        return staff.post(
            f"/admin/insights/{puzzle.number}/", {"refused": refused.pk, "pokemon": 25}
        )

    def test_an_accepted_spelling_is_not_undone_by_a_form_opened_before(self, staff, puzzle):
        opened = form_of(staff, self.URL)
        assert self.accept(staff, puzzle, "Pikachuu").status_code == 302
        opened.data["weight"] = ["7"]
        response = staff.post(self.URL, opened.data)
        assert response.status_code == 200
        assert "saved by someone else" in response.content.decode()
        assert "Pikachuu" in Pokemon.objects.get(pk=25).extra_names

    def test_a_refused_form_saves_once_reloaded(self, staff, puzzle):
        opened = form_of(staff, self.URL)
        self.accept(staff, puzzle, "Pikachuu")
        assert staff.post(self.URL, opened.data).status_code == 200
        reloaded = form_of(staff, self.URL)
        reloaded.data["weight"] = ["7"]
        assert staff.post(self.URL, reloaded.data).status_code == 302
        pokemon = Pokemon.objects.get(pk=25)
        assert pokemon.weight == 7 and "Pikachuu" in pokemon.extra_names

    def test_a_pool_action_is_not_undone_by_a_form_opened_before(self, staff):
        opened = form_of(staff, self.URL)
        assert "in_daily_pool" in opened.data  # checked: Pikachu is in the pool
        staff.post(
            "/admin/puzzle/pokemon/", {"action": "remove_from_pool", "_selected_action": ["25"]}
        )
        assert staff.post(self.URL, opened.data).status_code == 200
        assert not Pokemon.objects.get(pk=25).in_daily_pool


class TestSearch:
    def test_the_pokedex_is_searched_in_every_language_whatever_the_admins(self, staff):
        Pokemon.objects.filter(pk=25).update(extra_names=["Sparky"])
        for term, found in (("Glumanda", 4), ("ヒトカゲ", 4), ("salamèche", 4), ("sparky", 25)):
            response = staff.get(
                "/admin/puzzle/pokemon/", {"q": term}, headers={"accept-language": "en"}
            )
            assert f"/admin/puzzle/pokemon/{found}/change/" in response.content.decode(), term

    @pytest.mark.parametrize("term", ["#0025", "0025", "25", "#0025 Pikachu"])
    def test_the_puzzle_picker_finds_a_pokemon_by_its_number_as_labelled(self, staff, term):
        Pokemon.objects.filter(pk=25).update(in_daily_pool=True)
        response = staff.get(
            "/admin/autocomplete/",
            {
                "term": term,
                "app_label": "puzzle",
                "model_name": "dailypuzzle",
                "field_name": "pokemon",
            },
        )
        assert response.status_code == 200
        assert [row["id"] for row in response.json()["results"]] == ["25"]
