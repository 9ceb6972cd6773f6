"""Pages a CDN can cache (docs/scaling.md): the same HTML for every visitor, no cookie,
``Cache-Control: public``; the player's state and the CSRF token come from the API."""

import gzip
import json
from datetime import UTC, datetime

import brotli
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


def test_a_warm_game_page_makes_no_query(client, django_assert_max_num_queries):
    first = client.get("/de/vex5/").content
    with django_assert_max_num_queries(0):
        again = client.get("/de/vex5/")
    assert again.content == first


def test_a_staff_edit_reaches_the_next_render(client):
    client.get("/vex5/")
    game = Game.objects.get(slug="vex5")
    game.name = "Vex 5 Deluxe"
    game.save()  # the signal bumps the pages' content version
    assert "Vex 5 Deluxe" in client.get("/vex5/").content.decode()


def test_the_cached_page_follows_the_day(client):
    assert '"todayNumber": 21' in client.get("/").content.decode()
    with time_machine.travel(datetime(2026, 11, 22, 0, 0, 1, tzinfo=UTC), tick=False):
        assert '"todayNumber": 22' in client.get("/").content.decode()


def test_an_unknown_page_is_not_cached_publicly(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "public" not in response.get("Cache-Control", "")


def test_a_page_that_used_a_nonce_gets_each_requests_own(rf):
    # Pages use none today (the theme script goes by its hash), but a template that
    # does (Vite's dev client) must never serve one visitor's nonce to another.
    from portal import pagecache

    pages = []
    for nonce in ("first-nonce", "second-nonce"):
        request = rf.get("/x/")
        request._csp_nonce = request.csp_nonce = nonce
        body, _extra, encoding = pagecache.render(
            request, ("nonce-test",), lambda: (b'<script nonce="first-nonce"></script>', None)
        )
        pages.append(body)
        assert encoding is None  # bytes that change per response are not kept compressed
    assert pages == [
        b'<script nonce="first-nonce"></script>',
        b'<script nonce="second-nonce"></script>',
    ]


def test_the_rendered_pages_stay_within_their_byte_budget(rf, monkeypatch):
    from portal import pagecache

    monkeypatch.setattr(pagecache, "MAX_BYTES", 2500)
    pagecache.clear()
    built = []

    def page(name: str) -> bytes:
        def build():
            built.append(name)
            return name.encode() * 500, None  # 500 bytes a letter

        body, _extra, _encoding = pagecache.render(rf.get("/x/"), (name,), build)
        return body

    for name in ("a", "bb", "c"):  # 500 + 1,000 + 500 bytes: all kept
        page(name)
    page("a")  # served again: now the most recent
    page("dd")  # 3,000 bytes: the least recently served ("bb") goes
    assert list(pagecache._pages) == [("c",), ("a",), ("dd",)]
    assert pagecache._held == 2000
    page("bb")
    assert built == ["a", "bb", "c", "dd", "bb"]
    huge = page("e" * 6)  # alone over the budget: kept, as the newest, with nothing else
    assert len(huge) == 3000 and list(pagecache._pages) == [("eeeeee",)]
    zipped = rf.get("/x/", HTTP_ACCEPT_ENCODING="gzip")
    packed, _extra, encoding = pagecache.render(zipped, ("eeeeee",), lambda: (b"", None))
    assert encoding == "gzip" and pagecache._held == 3000 + len(packed)  # its copy counts
    pagecache.clear()
    assert pagecache._held == 0


def test_a_saved_translation_empties_the_rendered_pages(client):
    from portal import pagecache
    from translations import store

    client.get("/de/vex5/")
    assert pagecache._pages
    store.bump_revision()
    assert store.refresh_if_changed(force=True)
    assert not pagecache._pages


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


@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [("br, gzip", "br", brotli.decompress), ("gzip", "gzip", gzip.decompress)],
)
def test_a_page_is_compressed_once_and_served_compressed(
    client, monkeypatch, accept, encoding, decode
):
    from portal import compression

    plain = client.get("/fr/vex5/").content
    first = client.get("/fr/vex5/", HTTP_ACCEPT_ENCODING=accept)
    assert first["Content-Encoding"] == encoding
    assert "accept-encoding" in {v.strip().lower() for v in first["Vary"].split(",")}
    assert decode(first.content) == plain
    assert len(first.content) < len(plain) / 3
    monkeypatch.setattr(compression, "compress", lambda *a: pytest.fail("compressed again"))
    assert client.get("/fr/vex5/", HTTP_ACCEPT_ENCODING=accept).content == first.content
