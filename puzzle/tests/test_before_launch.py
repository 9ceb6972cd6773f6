"""PUZZLE_LAUNCH_DATE in the future: the site says when the first puzzle arrives (in the
page's language and date format), the API answers a clear JSON error, and nothing
creates a row or fails with a 500."""

import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client, override_settings

from puzzle.models import DailyPuzzle, Player, PlayerGame

pytestmark = pytest.mark.django_db
NOW = datetime(2027, 2, 20, 12, 0, tzinfo=UTC)
LAUNCH = "2027-03-05"


@pytest.fixture(autouse=True)
def _before_launch():
    with time_machine.travel(NOW, tick=False), override_settings(PUZZLE_LAUNCH_DATE=LAUNCH):
        yield


def nothing_was_created() -> bool:
    return not (
        DailyPuzzle.objects.exists() or Player.objects.exists() or PlayerGame.objects.exists()
    )


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/", "The first puzzle arrives on March 5, 2027."),
        ("/archive/", "The first puzzle arrives on March 5, 2027."),
        ("/de/", "Das erste Rätsel erscheint am 5. März 2027."),
        ("/fr/archive/", "Le premier défi arrive le 5 mars 2027."),
        ("/ja/", "最初の問題は2027年3月5日に登場します。"),
        ("/zh/", "第一道谜题将于2027年3月5日上线。"),
        ("/no/", "Den første gåten kommer 5. mars 2027."),
    ],
)
def test_the_pages_say_when_the_first_puzzle_arrives(path, expected):
    response = Client().get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assert expected in html
    assert '<time datetime="2027-03-05">' in html
    assert 'data-island="guess-game"' not in html
    assert nothing_was_created()


def test_the_arabic_page_is_right_to_left():
    html = Client().get("/ar/").content.decode()
    assert 'dir="rtl"' in html and "يصل أول لغز في" in html


def test_todays_puzzle_is_a_clear_error():
    response = Client().get("/api/puzzle/today?lang=de")
    assert response.status_code == 404
    assert response.json() == {
        "error": {
            "code": "not_launched",
            "message": "Das erste Rätsel erscheint am 5. März 2027.",
            "launch_date": "2027-03-05",
        }
    }
    assert nothing_was_created()


@pytest.mark.parametrize(
    "path",
    [
        "/api/puzzle/1",
        "/api/puzzle/0",
        "/api/puzzle/1/results",
        "/api/puzzle/1/silhouette.png",
        "/archive/1/",
    ],
)
def test_no_puzzle_exists_yet(path):
    assert Client().get(path).status_code == 404
    assert nothing_was_created()


def test_a_guess_is_refused_and_writes_nothing():
    response = Client().post(
        "/api/puzzle/1/guesses", json.dumps({"name": "Pikachu"}), content_type="application/json"
    )
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "puzzle_not_found"
    assert nothing_was_created()


def test_stats_and_names_still_answer():
    assert Client().get("/api/stats").json()["played"] == 0
    assert Client().get("/api/pokemon/names?lang=en").status_code == 200


def test_the_sitemap_and_other_pages_still_work():
    for path in ["/sitemap.xml", "/how-to-play/", "/pokerogue/"]:
        assert Client().get(path).status_code == 200, path


def test_a_date_before_launch_never_gets_a_row():
    from datetime import date

    with pytest.raises(DailyPuzzle.DoesNotExist):
        DailyPuzzle.for_date(date(2027, 2, 20), save=True)
    assert nothing_was_created()


def test_on_launch_day_the_game_appears():
    with time_machine.travel(datetime(2027, 3, 5, 0, 0, 1, tzinfo=UTC), tick=False):
        html = Client().get("/").content.decode()
        data = Client().get("/api/puzzle/today").json()
    assert 'data-island="guess-game"' in html
    assert data["number"] == 1
