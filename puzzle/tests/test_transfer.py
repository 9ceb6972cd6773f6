"""Transfer codes (puzzle/services/transfer.py): a player moves to another device with a
one-time code, valid ten minutes, used once, rate limited, gone with the player."""

import json
import re
from datetime import timedelta

import pytest
import segno
import time_machine
from django.core.management import call_command
from django.test import Client

from puzzle.models import Player, TransferCode
from puzzle.services import transfer
from puzzle.tests.test_api import NOON, at, guess, schedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def pikachu_today():
    with at(NOON):
        yield schedule(NOON.date(), 25)


def ask(client: Client, lang: str = "en"):
    return client.post(f"/api/player/transfer?lang={lang}", "{}", content_type="application/json")


def redeem(client: Client, code: str):
    body = json.dumps({"code": code})
    return client.post("/api/player/transfer/redeem", body, content_type="application/json")


@pytest.fixture
def winner(client, pikachu_today):
    guess(client, 21, "Pikachu")
    return client


def test_a_new_device_takes_over_the_players_games(winner):
    response = ask(winner, "de")
    assert response.status_code == 201
    body = response.json()
    assert re.fullmatch(r"[A-HJKMNP-Z2-9]{8}", body["code"])
    assert body["expires_at"].startswith("2026-11-21T12:10:00")
    assert body["qr_svg"].startswith("<svg") and f"<title>{body['code']}</title>" in body["qr_svg"]
    other = Client()
    # As typed on a phone: any case, spaces and a dash.
    typed = f"{body['code'][:4].lower()} - {body['code'][4:]}"
    assert redeem(other, typed).status_code == 204
    assert other.get("/api/stats").json()["wins"] == 1
    assert other.get("/api/puzzle/today").json()["state"]["status"] == "won"


def test_a_code_works_once(winner):
    code = ask(winner).json()["code"]
    assert redeem(Client(), code).status_code == 204
    refused = redeem(Client(), code)
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "invalid_transfer_code"


def test_a_code_lasts_ten_minutes(winner):
    code = ask(winner).json()["code"]
    with time_machine.travel(NOON + timedelta(minutes=10, seconds=1), tick=False):
        assert redeem(Client(), code).status_code == 422


def test_asking_again_replaces_the_unused_code(winner):
    first = ask(winner).json()["code"]
    second = ask(winner).json()["code"]
    assert redeem(Client(), first).status_code == 422
    assert redeem(Client(), second).status_code == 204


def test_a_visitor_who_never_played_has_nothing_to_move(client, pikachu_today):
    response = ask(client)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "nothing_to_transfer"


@pytest.mark.parametrize(
    "typed", ["", "x" * 40, "ABCDEFG", "ABCDEFGHJ", "'; DROP TABLE", "ABCD\x00EFG", "ÄBCDEFGH"]
)
def test_anything_else_typed_is_refused_with_a_message(client, pikachu_today, typed):
    response = redeem(client, typed)
    assert response.status_code == 422
    assert response.json()["error"]["message"]


def test_typing_codes_is_rate_limited(client, pikachu_today, settings):
    settings.RATELIMIT_ENABLE = True
    statuses = [redeem(client, "ABCDEFGH").status_code for _ in range(21)]
    assert statuses[:20] == [422] * 20 and statuses[20] == 429


def test_codes_go_with_the_player_and_expired_ones_are_purged(winner):
    ask(winner)
    assert TransferCode.objects.count() == 1
    with time_machine.travel(NOON + timedelta(hours=1), tick=False):
        call_command("purge_players", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert TransferCode.objects.count() == 0
    ask(winner)
    winner.delete("/api/player")
    assert not Player.objects.exists() and not TransferCode.objects.exists()


def test_the_qr_code_opens_the_transfer_page_in_the_players_language(winner, monkeypatch):
    made = []
    original = segno.make
    monkeypatch.setattr(
        segno, "make", lambda content, **kw: made.append(content) or original(content, **kw)
    )
    code = ask(winner, "ja").json()["code"]
    assert made == [f"http://testserver/ja/transfer/#{code}"]


def test_the_transfer_page_needs_no_cookie_and_is_not_indexed(client):
    html = client.get("/fr/transfer/").content.decode()
    assert 'data-island="transfer"' in html and 'content="noindex"' in html
    assert "Transfer code" not in html  # translated


def test_normalize_ignores_case_spaces_and_dashes():
    assert transfer.normalize(" ab-cd efgh ") == "ABCDEFGH"
