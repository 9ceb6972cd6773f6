"""Permissions-Policy: browser features no page uses are off, and the game frames keep
the features their ``allow`` attribute grants (docs/security.md "Browser features")."""

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db


def directives(header: str) -> dict[str, str]:
    return dict(part.strip().split("=", 1) for part in header.split(","))


@pytest.mark.parametrize("path", ["/", "/de/how-to-play/", "/api/stats"])
def test_unused_features_are_off_on_pages_and_the_api(client, path):
    policy = directives(client.get(path)["Permissions-Policy"])
    assert policy["camera"] == "()"
    assert policy["microphone"] == "()"
    assert policy["geolocation"] == "()"


def test_every_game_frame_keeps_the_features_it_is_allowed(client):
    games = list(Game.objects.all())
    assert games
    for game in games:
        allowed = {part.split()[0] for part in game.frame_allow.split(";") if part.strip()}
        response = client.get(f"/{game.slug}/")
        assert response.status_code == 200, game.slug
        assert not allowed & set(directives(response["Permissions-Policy"])), game.slug
