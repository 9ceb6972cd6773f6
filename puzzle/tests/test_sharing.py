"""What brings players back: a shared result's own page, each puzzle's link preview
card, and yesterday's puzzle at the end of today's game. None of them tells more about
an answer than the game does."""

from io import BytesIO

import pytest
from django.core.cache import cache
from PIL import Image

from puzzle.images import card
from puzzle.models import Player, PlayerGame
from puzzle.tests.test_api import NOON, at, guess, schedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def pikachu_today():
    with at(NOON):
        yield schedule(NOON.date(), 25)


class TestCard:
    def test_a_card_is_a_preview_sized_png_kept_by_shared_caches(self, client, pikachu_today):
        response = client.get("/api/puzzle/21/card.png")
        assert (response.status_code, response["Content-Type"]) == (200, "image/png")
        assert response["Cache-Control"] == "public, max-age=600"  # today's: the share moves
        assert Image.open(BytesIO(response.content)).size == (1200, 630)
        assert b"Pikachu" not in response.content and "Pikachu" not in str(response.headers)
        past = client.get("/api/puzzle/3/card.png")
        assert past["Cache-Control"] == "public, max-age=86400"

    def test_it_is_drawn_once_and_then_served_from_the_cache(
        self, client, pikachu_today, monkeypatch
    ):
        drawn = []
        original = card.render_card
        monkeypatch.setattr(card, "render_card", lambda *a: drawn.append(a) or original(*a))
        first = client.get("/api/puzzle/21/card.png").content
        assert client.get("/api/puzzle/21/card.png").content == first
        assert len(drawn) == 1

    def test_it_shows_the_served_silhouette_never_the_artwork(self, client, pikachu_today):
        shapes = []
        original = card.render_card

        def spy(silhouette_png, *rest):
            shapes.append(silhouette_png)
            return original(silhouette_png, *rest)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(card, "render_card", spy)
            client.get("/api/puzzle/21/card.png")
        served = client.get(client.get("/api/puzzle/today").json()["silhouette_url"]).content
        assert shapes == [served]

    def test_the_named_share_waits_for_enough_players(self, client, pikachu_today):
        seen = []
        original = card.render_card
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(card, "render_card", lambda *a: seen.append(a[3]) or original(*a))
            client.get("/api/puzzle/21/card.png")
            players = Player.objects.bulk_create([Player() for _ in range(10)])
            PlayerGame.objects.bulk_create(
                PlayerGame(
                    player=player,
                    puzzle=pikachu_today,
                    guesses=[25],
                    attempts=1,
                    status="won" if index < 6 else "lost",
                )
                for index, player in enumerate(players)
            )
            cache.clear()
            client.get("/api/puzzle/21/card.png")
        assert seen == [None, 60]

    def test_a_future_puzzle_has_no_card(self, client, pikachu_today):
        assert client.get("/api/puzzle/22/card.png").status_code == 404

    def test_a_puzzles_pages_preview_with_its_card(self, client, pikachu_today):
        assert "/api/puzzle/21/card.png" in client.get("/de/").content.decode()
        assert "/api/puzzle/3/card.png" in client.get("/archive/3/").content.decode()
        assert "portal/og-image" in client.get("/about/").content.decode()


class TestSharedResult:
    def test_it_shows_the_grid_without_names_and_leads_to_the_game(self, client, pikachu_today):
        response = client.get("/p/21/2-cwphlcc-ccccccc/")
        html = response.content.decode()
        assert response.status_code == 200
        assert "<h1>Pokéguess #21: 2/6</h1>" in html
        assert html.count("shared-grid__cell--correct") == 10
        assert 'aria-label="Guess 1 of 6: Type 1: correct, Type 2: wrong,' in html
        assert "Pikachu" not in html
        assert 'href="/#game-area"' in html and "/archive/21/" not in html
        assert '<meta name="robots" content="noindex">' in html
        assert "/api/puzzle/21/card.png" in html

    def test_an_older_puzzle_offers_that_puzzle_too(self, client, pikachu_today):
        html = client.get("/fr/p/3/x-wwwwwww/").content.decode()
        assert 'href="/fr/archive/3/"' in html and "Pokéguess #3" in html

    @pytest.mark.parametrize(
        "path",
        [
            "/p/22/1-ccccccc/",  # a future puzzle
            "/p/0/1-ccccccc/",
            "/p/21/3-ccccccc/",  # the score contradicts the grid
            "/p/21/x-ccccccc/",  # a lost game that ends with a win
            "/p/21/1-wwwwwww/",  # a won game that ends without one
            "/p/21/1-cccccc/",  # a row too short
            "/p/21/7-ccccccc/",
            "/p/21/x" + "-wwwwwww" * 7 + "/",  # more guesses than the game has
            "/p/21/x-zzzzzzz/",
        ],
    )
    def test_a_result_no_game_could_give_is_not_found(self, client, pikachu_today, path):
        assert client.get(path).status_code == 404


class TestYesterday:
    @pytest.fixture
    def days(self, pikachu_today):
        schedule(NOON.date().replace(day=20), 1)  # Bulbasaur, puzzle #20

    def test_it_comes_only_with_the_end_of_todays_game(self, client, days):
        assert "yesterday" not in guess(client, 21, "Raichu").json()["state"]
        state = guess(client, 21, "Pikachu").json()["state"]
        assert state["yesterday"] == {"number": 20, "name": None}

    def test_its_answer_only_once_the_player_finished_it(self, client, days):
        guess(client, 20, "Bulbasaur", lang="de")
        state = guess(client, 21, "Pikachu", lang="de").json()["state"]
        assert state["yesterday"] == {"number": 20, "name": "Bisasam"}
        assert client.get("/api/puzzle/today?lang=de").json()["state"]["yesterday"]["number"] == 20

    def test_an_archive_game_has_none(self, client, days):
        assert "yesterday" not in guess(client, 20, "Bulbasaur").json()["state"]
