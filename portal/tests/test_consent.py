"""Consent for the optional third parties, and the privacy promises behind it."""

import json
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.core.management import call_command

from puzzle.models import DailyPuzzle, Player, PlayerGame, PracticeRound

pytestmark = pytest.mark.django_db


def test_nothing_about_consent_is_rendered_without_third_parties(client):
    html = client.get("/").content.decode()
    assert 'data-island="consent"' not in html
    assert "data-consent-open" not in html


def test_no_third_party_script_is_in_the_page_before_consent(client, settings):
    settings.ANALYTICS_ID = "G-TEST123"
    settings.ADSENSE_CLIENT = "ca-pub-123"
    html = client.get("/pokerogue/").content.decode()
    assert '<script async src="https://www.googletagmanager.com' not in html
    assert "pagead2.googlesyndication.com/pagead/js" not in html
    assert 'data-island="consent"' in html
    config = html.split('id="consent-config" type="application/json">', 1)[1].split("</script>")[0]
    assert json.loads(config) == {"analyticsId": "G-TEST123", "adClient": "ca-pub-123"}


def test_the_dialog_offers_refuse_as_plainly_as_accept(client, settings):
    settings.ANALYTICS_ID = "G-TEST123"
    html = client.get("/about/").content.decode()
    refuse = html.split("data-consent-refuse", 1)[0].rsplit("<button", 1)[1]
    accept = html.split("data-consent-accept", 1)[0].rsplit("<button", 1)[1]
    assert refuse == accept  # same element, same classes
    assert 'name="analytics"' in html and 'name="ads"' not in html
    assert "data-consent-open hidden" in html  # the footer link appears with the script


def test_the_dialog_is_translated(client, settings):
    settings.ADSENSE_CLIENT = "ca-pub-123"
    html = client.get("/de/about/").content.decode()
    assert "Alle ablehnen" in html and "Alle akzeptieren" in html


def test_the_privacy_page_lists_what_is_stored(client):
    html = client.get("/privacy/").content.decode()
    for thing in ("Player cookie", "Language cookie", "Security cookie", "Browser storage"):
        assert thing in html
    assert "400 days after your last game" in html
    assert "Erase my data" in html


class TestErasing:
    def test_a_player_can_erase_every_game_and_the_cookie(self, client):
        with time_machine.travel(datetime(2026, 11, 21, 12, tzinfo=UTC), tick=False):
            DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
            client.post("/api/puzzle/21/guesses", {"name": "Bulbasaur"}, "application/json")
        assert PlayerGame.objects.count() == 1
        response = client.delete("/api/player")
        assert response.status_code == 204
        assert response.cookies["pg_player"]["max-age"] == 0
        assert not Player.objects.exists() and not PlayerGame.objects.exists()

    def test_erasing_without_a_player_is_harmless(self, client):
        assert client.delete("/api/player").status_code == 204

    def test_erasing_needs_the_csrf_token(self):
        from django.test import Client

        strict = Client(enforce_csrf_checks=True)
        assert strict.delete("/api/player").status_code == 403

    def test_only_delete_is_allowed(self, client):
        assert client.get("/api/player").status_code == 405


class TestRetention:
    def make_player(self, created: datetime, played: datetime | None) -> Player:
        player = Player.objects.create(id=uuid.uuid4())
        Player.objects.filter(pk=player.pk).update(created_at=created)
        if played:
            puzzle, _ = DailyPuzzle.objects.get_or_create(
                date=played.date(), defaults={"pokemon_id": 1}
            )
            game = PlayerGame.objects.create(player=player, puzzle=puzzle)
            PlayerGame.objects.filter(pk=game.pk).update(started_at=played)
        return player

    def test_players_idle_past_the_retention_are_deleted(self, settings):
        now = datetime(2026, 11, 25, 12, tzinfo=UTC)
        old = now - timedelta(days=500)
        with time_machine.travel(now, tick=False):
            idle = self.make_player(old, old + timedelta(days=10))
            active = self.make_player(old, now - timedelta(days=3))
            new = self.make_player(now - timedelta(days=1), None)
            call_command("purge_players", verbosity=0)
        remaining = set(Player.objects.values_list("pk", flat=True))
        assert remaining == {active.pk, new.pk}
        assert idle.pk not in remaining

    def test_a_player_who_only_practises_is_kept_while_they_play(self):
        now = datetime(2026, 11, 25, 12, tzinfo=UTC)
        with time_machine.travel(now, tick=False):
            player = self.make_player(now - timedelta(days=500), None)
            PracticeRound.objects.create(player=player, pokemon_id=25)
            call_command("purge_players", verbosity=0)
        assert Player.objects.filter(pk=player.pk).exists()
