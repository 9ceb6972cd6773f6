"""What staff type in the daily game's admin is checked before it is saved: accepted
names, artwork uploads and scheduled puzzles; and their edits reach players at once."""

import json
import os
import re
from datetime import UTC, date, datetime
from io import BytesIO

import pytest
import time_machine
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from PIL import Image

from puzzle import pokedex
from puzzle.admin.forms import PokemonAdminForm
from puzzle.models import DailyPuzzle, Pokemon
from puzzle.tests.test_api import without_aka

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def form_data(pokemon: Pokemon, **changes) -> dict:
    data = {
        "id": pokemon.id,
        "name_en": pokemon.name_en,
        "name_de": pokemon.name_de or "",
        "extra_names": "\n".join(pokemon.extra_names),
        "type1": pokemon.type1,
        "type2": pokemon.type2,
        "generation": pokemon.generation,
        "stage": pokemon.stage,
        "color": pokemon.color,
        "height": pokemon.height,
        "weight": pokemon.weight,
    }
    data.update(changes)
    return data


def save(staff, pokemon_id: int, **changes):
    pokemon = Pokemon.objects.get(pk=pokemon_id)
    return staff.post(f"/admin/puzzle/pokemon/{pokemon_id}/change/", form_data(pokemon, **changes))


def image_file(fmt="PNG", size=(400, 300), mode="RGBA", cut_out=True, name="art.png", noise=False):
    if noise:
        image = Image.frombytes(mode, size, os.urandom(size[0] * size[1] * len(mode)))
    else:
        image = Image.new(mode, size, (0, 0, 0, 0) if cut_out else (255, 255, 255, 255))
        image.paste((200, 30, 30, 255), (size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2))
    out = BytesIO()
    image.convert("RGB" if fmt == "JPEG" else mode).save(out, fmt)
    return SimpleUploadedFile(name, out.getvalue(), content_type=f"image/{fmt.lower()}")


def text(response) -> str:
    # Quotes may be escaped by name or by number; both read the same here.
    return response.content.decode().replace("&#34;", "&quot;").replace("&#39;", "&#x27;")


class TestAcceptedNames:
    def test_it_stores_one_name_per_line_as_a_list(self, staff):
        response = save(staff, 25, extra_names="Pika\n\n  Pikachuu \nPika\n")
        assert response.status_code == 302
        assert Pokemon.objects.get(pk=25).extra_names == ["Pika", "Pikachuu"]

    def test_it_shows_stored_names_one_per_line(self, staff):
        Pokemon.objects.filter(pk=25).update(extra_names=["Pika", "Pikachuu"])
        html = text(staff.get("/admin/puzzle/pokemon/25/change/"))
        assert re.search(
            r"<textarea[^>]*name=\"extra_names\"[^>]*>\s*Pika\nPikachuu</textarea>", html
        )

    @pytest.mark.parametrize(
        ("typed", "message"),
        [
            ('{"en": "Pika"}', "Enter one name per line, not data or code."),
            ("[1, 2]", "Enter one name per line, not data or code."),
            ("Pika\n12345", "“12345” is not a name: a name needs at least one letter."),
            ('Pika"', "“Pika&quot;” is not a name: enter one name per line"),
            ("P" * 41, "is too long: a name has at most 40 characters."),
            ("Raichu", "“Raichu” is already a name of #0026 Raichu."),
        ],
    )
    def test_it_refuses_what_is_not_a_name_and_saves_nothing(self, staff, typed, message):
        before = Pokemon.objects.get(pk=25).extra_names
        response = save(staff, 25, extra_names=typed)
        assert response.status_code == 200
        assert message in text(response)
        assert Pokemon.objects.get(pk=25).extra_names == before

    def test_the_message_is_translated(self):
        pokemon = Pokemon.objects.get(pk=25)
        with translation.override("de"):
            form = PokemonAdminForm(data={"extra_names": "12345"}, instance=pokemon)
            assert not form.is_valid()
            assert "ist kein Name" in str(form.errors["extra_names"])

    def test_an_empty_english_name_is_refused(self, staff):
        response = save(staff, 25, name_en="")
        assert response.status_code == 200
        assert Pokemon.objects.get(pk=25).name_en == "Pikachu"

    def test_a_malformed_stored_value_opens_and_can_be_fixed(self, staff):
        Pokemon.objects.filter(pk=25).update(extra_names={"broken": 1})
        assert staff.get("/admin/puzzle/pokemon/25/change/").status_code == 200
        assert save(staff, 25, extra_names="Pika").status_code == 302
        assert Pokemon.objects.get(pk=25).extra_names == ["Pika"]


def test_guess_matching_tolerates_malformed_accepted_names_in_the_database(client):
    Pokemon.objects.filter(pk=1).update(extra_names={"Bulby": 1})
    Pokemon.objects.filter(pk=4).update(extra_names=5)
    Pokemon.objects.filter(pk=7).update(extra_names=["Squirty", 3, None])
    Pokemon.objects.filter(pk=25).update(extra_names="Pika")
    pokedex.changed()  # update() sends no signals: the index is rebuilt
    index = pokedex.name_index("en")
    assert index.match("Squirty") == 7
    assert index.match("pika") == 25
    assert index.match("Bulbasaur") == 1
    assert index.match("Bulby") is None
    assert client.get("/api/pokemon/names?lang=en").status_code == 200


class TestArtwork:
    @pytest.mark.parametrize(
        ("upload", "message"),
        [
            (lambda: image_file(cut_out=False), "The image has no transparent background."),
            (lambda: image_file(mode="RGB"), "The image has no transparent background."),
            (
                lambda: image_file("JPEG", name="art.jpg"),
                "Artwork must be a PNG or WebP file; this file is JPEG.",
            ),
            (
                lambda: image_file(size=(100, 100)),
                "The image is 100×100 pixels; each side must be between 128 and 2048 pixels.",
            ),
            (
                lambda: image_file(size=(2100, 300)),
                "The image is 2100×300 pixels; each side must be between 128 and 2048 pixels.",
            ),
            (
                lambda: image_file(size=(900, 900), noise=True),
                "artwork may be at most 2.0\xa0MB.",
            ),
        ],
        ids=["opaque", "no-alpha", "jpeg", "tiny", "huge", "heavy"],
    )
    def test_a_bad_upload_is_refused_with_the_reason(self, staff, upload, message):
        response = save(staff, 700, artwork=upload())
        assert response.status_code == 200
        assert message in text(response)
        assert not Pokemon.objects.get(pk=700).artwork

    def test_a_webp_cut_out_is_accepted_and_served_for_the_preview(self, staff, settings):
        settings.DEBUG = False
        settings.SERVE_MEDIA = True
        response = save(staff, 700, artwork=image_file("WEBP", name="art.webp"))
        assert response.status_code == 302
        pokemon = Pokemon.objects.get(pk=700)
        html = text(staff.get("/admin/puzzle/pokemon/700/change/"))
        assert f'src="{pokemon.artwork.url}"' in html
        served = staff.get(pokemon.artwork.url)
        assert served.status_code == 200
        assert served["Content-Type"] == "image/webp"

    def test_media_is_left_to_the_proxy_when_serving_is_off(self, staff, settings):
        assert save(staff, 700, artwork=image_file()).status_code == 302
        settings.DEBUG = False
        settings.SERVE_MEDIA = False
        assert staff.get(Pokemon.objects.get(pk=700).artwork.url).status_code == 404

    def test_media_serving_refuses_paths_outside_the_media_folder(self, staff, settings):
        settings.SERVE_MEDIA = True
        for path in ("/media/../manage.py", "/media/%2e%2e/manage.py"):
            assert staff.get(path).status_code in (400, 404)


class TestScheduling:
    def test_the_picker_offers_only_pokemon_from_the_pool(self, staff):
        url = "/admin/autocomplete/?app_label=puzzle&model_name=dailypuzzle&field_name=pokemon"
        outside = Pokemon.objects.get(pk=1000)
        assert not Pokemon.objects.in_pool().filter(pk=1000).exists()
        assert staff.get(f"{url}&term={outside.name_en[:5]}").json()["results"] == []
        found = staff.get(f"{url}&term=Pikach").json()["results"]
        assert [r["id"] for r in found] == ["25"]

    def test_a_pokemon_outside_the_pool_is_refused(self, staff):
        with time_machine.travel(NOON, tick=False):
            response = staff.post(
                "/admin/puzzle/dailypuzzle/add/", {"date": "2026-12-24", "pokemon": 1000}
            )
        assert response.status_code == 200
        assert not DailyPuzzle.objects.filter(date=date(2026, 12, 24)).exists()

    def test_success_names_the_pokemon_and_the_date(self, staff):
        with time_machine.travel(NOON, tick=False):
            response = staff.post(
                "/admin/puzzle/dailypuzzle/add/",
                {"date": "2026-12-24", "pokemon": 25},
                follow=True,
            )
        assert "Pikachu is scheduled as puzzle #54 on Dec. 24, 2026." in text(response)

    def test_the_same_pokemon_needs_30_days_between_puzzles(self, staff):
        DailyPuzzle.objects.create(date=date(2026, 12, 24), pokemon_id=25, scheduled=True)
        with time_machine.travel(NOON, tick=False):
            response = staff.post(
                "/admin/puzzle/dailypuzzle/add/", {"date": "2027-01-10", "pokemon": 25}
            )
        assert response.status_code == 200
        assert "Pikachu is already puzzle #54 on Dec. 24, 2026" in text(response)
        assert not DailyPuzzle.objects.filter(date=date(2027, 1, 10)).exists()

    def test_a_pokemon_used_in_the_current_cycle_is_refused(self, staff):
        with time_machine.travel(NOON, tick=False):
            used = DailyPuzzle.for_date(date(2026, 11, 21), save=True)
            first = DailyPuzzle.objects.get(date=date(2026, 11, 1))
            response = staff.post(
                "/admin/puzzle/dailypuzzle/add/",
                {"date": "2027-01-20", "pokemon": first.pokemon_id},
            )
        assert used
        assert response.status_code == 200
        assert "in the current cycle" in text(response)

    def test_staff_see_a_dated_list_with_state_and_origin(self, staff):
        with time_machine.travel(NOON, tick=False):
            DailyPuzzle.for_date(date(2026, 11, 21), save=True)
            DailyPuzzle.objects.create(date=date(2026, 12, 24), pokemon_id=25, scheduled=True)
            html = text(staff.get("/admin/puzzle/dailypuzzle/"))
            upcoming = text(staff.get("/admin/puzzle/dailypuzzle/?when=upcoming"))
        for label in ("#21", "#54", "today", "released", "upcoming", "automatic pick", "staff"):
            assert label in html
        assert "#54" in upcoming and "#21" not in upcoming


def test_a_rename_reaches_the_names_list_at_once_and_its_url_with_the_page(staff, client, settings):
    settings.PAGE_CACHE_SECONDS = 0  # the page's own minute in the cache, gone by
    before = client.get("/de/").content.decode()
    response = save(staff, 25, name_de="Pikachu-Neu")
    assert response.status_code == 302
    names_list = json.loads(client.get("/api/pokemon/names?lang=de").content)["names"]
    assert {"name": "Pikachu-Neu", "en": "Pikachu", "id": 25} in map(without_aka, names_list)
    after = client.get("/de/").content.decode()
    url = re.compile(r"/api/pokemon/names\?lang=de(?:&amp;|&|\\u0026)v=[^\"&\\]+")
    assert url.search(before) and url.search(after)
    assert url.search(before).group() != url.search(after).group()


def test_pokemon_name_inputs_say_their_language_and_direction(client):

    client.force_login(User.objects.create_superuser("names", "n@example.org", "pw-123456"))
    html = client.get("/admin/puzzle/pokemon/25/change/").content.decode()
    assert 'name="name_ja"' in html
    ja = (
        html.split('name="name_ja"')[0].rsplit("<input", 1)[1]
        + html.split('name="name_ja"')[1].split(">")[0]
    )
    assert 'lang="ja"' in ja and 'dir="ltr"' in ja


class TestPokemonFields:
    """A Pokémon's own fields are hints and answers: staff cannot save nonsense."""

    @pytest.mark.parametrize(
        ("field", "value"),
        [("generation", 99), ("stage", 7), ("height", -1), ("weight", 1e9)],
    )
    def test_a_trait_outside_what_a_pokemon_can_be_is_refused(self, staff, field, value):
        response = save(staff, 25, **{field: value})
        assert response.status_code == 200
        assert "Enter a number from" in response.content.decode()
        assert getattr(Pokemon.objects.get(pk=25), field) != value

    def test_another_pokemons_name_is_refused_in_any_language(self, staff):
        response = save(staff, 7, name_es="Pikachu")
        assert response.status_code == 200
        assert "is already a name of #0025" in text(response)
        assert Pokemon.objects.get(pk=7).name_es != "Pikachu"

    def test_a_one_letter_accepted_name_is_refused(self, staff):
        response = save(staff, 25, extra_names="y")
        assert response.status_code == 200
        assert "too short" in text(response)

    def test_the_pokedex_number_cannot_be_changed(self, staff):
        response = save(staff, 25, id=2001)
        assert response.status_code == 302
        assert not Pokemon.objects.filter(pk=2001).exists()
        assert Pokemon.objects.count() == 1025
