"""Pages a CDN can cache (docs/scaling.md): the same HTML for every visitor, no cookie,
``Cache-Control: public``; the player's state and the CSRF token come from the API."""

import gzip
import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.conf import settings

from games.models import Game

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, tzinfo=UTC)
PAGES = ["/", "/how-to-play/", "/vex5/", "/archive/", "/archive/3/"]
PREFIXED = ["/de/", "/de/how-to-play/", "/ja/vex5/", "/ar/archive/", "/fr/archive/3/"]


@pytest.fixture(autouse=True)
def noon():
    with time_machine.travel(NOON, tick=False):
        yield


def vary(response) -> set[str]:
    return {v.strip().lower() for v in response.get("Vary", "").split(",") if v.strip()}


@pytest.mark.parametrize("path", PAGES + PREFIXED)
def test_an_anonymous_page_sets_no_cookie_and_is_publicly_cacheable(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert not response.cookies
    assert "Set-Cookie" not in response
    cache_control = response["Cache-Control"]
    assert "public" in cache_control
    assert f"max-age={settings.PAGE_CACHE_SECONDS}" in cache_control
    assert "private" not in cache_control and "no-cache" not in cache_control


@pytest.mark.parametrize("path", PREFIXED)
def test_a_prefixed_page_does_not_vary_on_cookies(client, path):
    assert "cookie" not in vary(client.get(path))


def test_an_unprefixed_page_varies_on_the_language_inputs_only(client):
    # The language redirect reads them: docs/scaling.md gives the CDN rule.
    assert vary(client.get("/about/")) == {"accept-encoding", "accept-language", "cookie"}


def test_a_player_gets_the_same_page_as_everyone(client):
    anonymous = client.get("/de/").content
    client.post(
        "/api/puzzle/21/guesses?lang=de", json.dumps({"name": "Pikachu"}), "application/json"
    )
    assert "pg_player" in client.cookies
    again = client.get("/de/")
    assert again.content == anonymous  # the same bytes: no nonce, no player state
    assert not again.cookies and "public" in again["Cache-Control"]


def test_pages_carry_no_token_and_no_player_state(client):
    html = client.get("/").content.decode()
    props = json.loads(html.split('type="application/json">')[1].split("</script>")[0])
    assert not {"csrfToken", "initial", "played"} & set(props)
    assert props["puzzleNumber"] == 21
    assert "csrfmiddlewaretoken" not in html


def test_the_api_brings_the_token_and_the_state_and_is_never_cached(client):
    response = client.get("/api/puzzle/today")
    data = response.json()
    assert data["csrf_token"] and data["state"]["status"] == "playing"
    assert settings.CSRF_COOKIE_NAME in response.cookies
    assert "no-store" in response["Cache-Control"]
    archive = client.get("/api/archive")
    assert archive.json() == {"played": {}}
    assert "max-age=0" in archive["Cache-Control"]


def test_a_warm_page_is_served_from_the_cache_until_its_time_is_up(
    client, settings, django_assert_num_queries
):
    first = client.get("/de/vex5/")
    with django_assert_num_queries(0):
        again = client.get("/de/vex5/")
    assert again.content == first.content
    assert again["Cache-Control"] == f"max-age={settings.PAGE_CACHE_SECONDS}, public"
    # The game frame's host stays allowed in the page's own policy.
    assert "https://www.crazygames.com" in again["Content-Security-Policy"]


def test_a_staff_edit_reaches_the_next_render_once_the_cached_one_expires(client, settings):
    settings.PAGE_CACHE_SECONDS = 0  # the minute a rendered page is kept, gone by
    client.get("/vex5/")
    game = Game.objects.get(slug="vex5")
    game.name = "Vex 5 Deluxe"
    game.save()
    assert "Vex 5 Deluxe" in client.get("/vex5/").content.decode()


def test_the_cached_page_follows_the_day(client):
    assert '"todayNumber": 21' in client.get("/").content.decode()
    with time_machine.travel(datetime(2026, 11, 22, 0, 0, 1, tzinfo=UTC), tick=False):
        assert '"todayNumber": 22' in client.get("/").content.decode()


def test_an_unknown_page_is_not_cached_publicly(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "public" not in response.get("Cache-Control", "")


def test_the_theme_script_is_allowed_by_its_hash_not_a_nonce(client):
    import base64
    import hashlib

    response = client.get("/de/")
    html = response.content.decode()
    script = html.split("<script>", 1)[1].split("</script>", 1)[0]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert "localStorage" in script
    assert f"'sha256-{digest}'" in response["Content-Security-Policy"]
    assert "nonce=" not in html


def test_a_page_is_served_compressed_when_the_client_accepts_it(client):
    # Where no proxy compresses (make run), Django's GZipMiddleware does.
    plain = client.get("/fr/vex5/").content
    zipped = client.get("/fr/vex5/", HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    assert "accept-encoding" in {v.strip().lower() for v in zipped["Vary"].split(",")}
    assert gzip.decompress(zipped.content) == plain
    assert len(zipped.content) < len(plain) / 3
