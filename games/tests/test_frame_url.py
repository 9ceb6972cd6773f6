"""Frame addresses: only https://host[:port]/path passes, hosts are stored in punycode and
the CSP header stays ASCII whatever a row holds."""

import pytest
from django.core.exceptions import ValidationError

from games.models import Game, normalize_frame_url, validate_frame_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("https://example.org/game", "https://example.org/game"),
        ("https://Example.ORG", "https://example.org/"),
        ("https://spiele.bücher.de/spiel", "https://spiele.xn--bcher-kva.de/spiel"),
        ("https://例え.jp/ゲーム", "https://xn--r8jz45g.jp/%E3%82%B2%E3%83%BC%E3%83%A0"),
        ("https://games.example.org:8443/embed?id=7", "https://games.example.org:8443/embed?id=7"),
        ("https://example.org:443/x", "https://example.org/x"),
    ],
)
def test_it_accepts_https_addresses_and_stores_them_in_ascii(typed, stored):
    validate_frame_url(typed)
    assert normalize_frame_url(typed) == stored


@pytest.mark.parametrize(
    "typed",
    [
        "http://example.org/game",
        "javascript:alert(1)",
        "data:text/html,hi",
        "//example.org/game",
        "https://a@b.example.org/",
        "https://user:pass@example.org/",
        "https://example.org/a game",
        "https://exa mple.org/",
        "https://example.org/\ngame",
        "https://example.org\\@evil.org/",
        "https://example.org:99999/",
        "https://example.org:port/",
        "https://localhost/",
        "https://-bad-.org/",
        "https://example.org/#frag",
        "https://",
        "",
    ],
)
def test_it_refuses_anything_else_with_a_clear_message(typed):
    with pytest.raises(ValidationError) as caught:
        validate_frame_url(typed)
    assert "https://host/path" in caught.value.messages[0]


def test_the_model_clean_stores_the_host_in_punycode():
    game = Game.objects.get(slug="vex5")
    game.frame_url = "https://spiele.bücher.de/vex"
    game.full_clean()
    assert game.frame_url == "https://spiele.xn--bcher-kva.de/vex"


def test_the_admin_form_refuses_user_info_and_saves_punycode(admin_client):
    from django.contrib import admin

    from games.admin import GameAdmin

    game = Game.objects.get(slug="vex5")
    form_class = GameAdmin(Game, admin.site).get_form(None, game, fields=["frame_url"])
    form = form_class(data={"frame_url": "https://a@b.example.org/"}, instance=game)
    assert not form.is_valid()
    assert "frame_url" in form.errors
    form = form_class(data={"frame_url": "https://spiele.bücher.de/vex"}, instance=game)
    assert form.is_valid(), form.errors
    assert form.save().frame_url == "https://spiele.xn--bcher-kva.de/vex"


@pytest.mark.parametrize(
    "stored",
    [
        "https://spiele.bücher.de/vex",
        "https://a@b.example.org/",
        "https://x.org/\r\nSet-Cookie: a=b",
    ],
)
def test_a_bad_row_already_in_the_database_keeps_the_csp_header_ascii(client, stored):
    Game.objects.filter(slug="vex5").update(frame_url=stored)
    response = client.get("/vex5/")
    assert response.status_code == 200
    header = response["Content-Security-Policy"]
    header.encode("ascii")
    assert "\n" not in header and "@" not in header and "Set-Cookie" not in header


def test_an_unconverted_unicode_host_reaches_the_csp_header_in_punycode(client):
    Game.objects.filter(slug="vex5").update(frame_url="https://spiele.bücher.de/vex")
    response = client.get("/vex5/")
    assert "https://spiele.xn--bcher-kva.de" in response["Content-Security-Policy"]
