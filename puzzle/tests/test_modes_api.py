"""Hard mode, the lifeline and endless practice through the JSON API
(docs/game-modes.md): the refusals, their codes, and that practice never touches
daily statistics."""

import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.conf import settings
from django.test import Client

from puzzle.models import DailyPuzzle, PlayerGame, PracticeRound

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21


def post(client: Client, url: str, body) -> object:
    data = body if isinstance(body, bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json")


@pytest.fixture
def pikachu_today():
    with time_machine.travel(NOON, tick=False):
        yield DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)


def daily_guess(client, name, **extra):
    return post(client, "/api/puzzle/21/guesses?lang=en", {"name": name, **extra})


class TestHardMode:
    def test_the_mode_is_stored_with_the_first_guess(self, client, pikachu_today):
        response = daily_guess(client, "Bulbasaur", hard_mode=True)
        assert response.status_code == 201
        assert response.json()["state"]["hard_mode"] is True
        assert PlayerGame.objects.get().hard_mode is True

    def test_an_inconsistent_guess_is_refused_and_uses_no_attempt(self, client, pikachu_today):
        daily_guess(client, "Voltorb", hard_mode=True)  # Electric, generation 1
        response = daily_guess(client, "Chikorita")  # Grass: Voltorb showed Electric fits
        assert response.status_code == 422
        body = response.json()["error"]
        assert body["code"] == "hard_mode_violation"
        assert "Chikorita" in body["message"] and "Voltorb" in body["message"]
        assert len(PlayerGame.objects.get().guesses) == 1

    def test_a_consistent_guess_is_accepted(self, client, pikachu_today):
        daily_guess(client, "Voltorb", hard_mode=True)
        assert daily_guess(client, "Pikachu").status_code == 201

    def test_the_mode_cannot_be_switched_on_after_the_first_guess(self, client, pikachu_today):
        daily_guess(client, "Voltorb")
        assert daily_guess(client, "Chikorita", hard_mode=True).status_code == 201
        assert PlayerGame.objects.get().hard_mode is False

    def test_the_refusal_is_translated(self, client, pikachu_today):
        post(client, "/api/puzzle/21/guesses?lang=de", {"name": "Voltobal", "hard_mode": True})
        response = post(client, "/api/puzzle/21/guesses?lang=de", {"name": "Endivie"})
        assert response.json()["error"]["code"] == "hard_mode_violation"
        assert "Hard mode" not in response.json()["error"]["message"]


class TestLifeline:
    def test_it_is_refused_before_the_third_wrong_guess(self, client, pikachu_today):
        daily_guess(client, "Bulbasaur")
        response = post(client, "/api/puzzle/21/lifeline?lang=en", {})
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "lifeline_not_available"

    def test_it_gives_the_first_letter_in_the_page_language(self, client, pikachu_today):
        for name in ["Bulbasaur", "Charmander", "Squirtle"]:
            daily_guess(client, name)
        assert client.get("/api/puzzle/21").json()["state"]["lifeline_offered"] is True
        response = post(client, "/api/puzzle/21/lifeline?lang=ja", {})
        assert response.status_code == 200
        assert response.json()["state"]["lifeline"] == "ピ"
        assert response.json()["state"]["lifeline_offered"] is False

    @pytest.mark.parametrize(("lang", "letter"), [("zh", "P"), ("ko", "ㅍ"), ("th", "พ")])
    def test_it_gives_a_meaningful_letter_in_every_script(
        self, client, pikachu_today, lang, letter
    ):
        """皮卡丘 gives its pinyin's first letter, 피카츄 its first initial consonant, not
        a whole character or syllable (a third of the name)."""
        for name in ["Bulbasaur", "Charmander", "Squirtle"]:
            daily_guess(client, name)
        response = post(client, f"/api/puzzle/21/lifeline?lang={lang}", {})
        assert response.status_code == 200
        assert response.json()["state"]["lifeline"] == letter

    def test_the_letter_is_fixed_when_taken_whatever_language_reads_it(self, client, pikachu_today):
        """Reading the game in every language must not reveal one letter per language:
        together they would name the answer (docs/security.md)."""
        for name in ["Bulbasaur", "Charmander", "Squirtle"]:
            daily_guess(client, name)
        post(client, "/api/puzzle/21/lifeline?lang=ja", {})
        post(client, "/api/puzzle/21/lifeline?lang=en", {})  # taken once, kept
        letters = {
            client.get(f"/api/puzzle/21?lang={code}").json()["state"]["lifeline"]
            for code, _name in settings.LANGUAGES
        }
        assert letters == {"ピ"}

    def test_a_practice_rounds_letter_is_fixed_too(self, client):
        round_id = post(client, "/api/practice", {"generations": [1]}).json()["round"]
        PracticeRound.objects.update(pokemon_id=25)
        for name in ["Bulbasaur", "Charmander", "Squirtle"]:
            post(client, f"/api/practice/{round_id}/guesses", {"name": name})
        post(client, f"/api/practice/{round_id}/lifeline?lang=ko", {})
        letters = {
            client.get(f"/api/practice/{round_id}?lang={code}").json()["state"]["lifeline"]
            for code, _name in settings.LANGUAGES
        }
        assert letters == {"ㅍ"}

    def test_a_player_without_a_game_gets_a_clear_error(self, client, pikachu_today):
        response = post(client, "/api/puzzle/21/lifeline", {})
        assert response.json()["error"]["code"] == "lifeline_not_available"

    def test_a_future_puzzle_has_no_lifeline(self, client, pikachu_today):
        assert post(client, "/api/puzzle/99/lifeline", {}).status_code == 404


class TestPractice:
    def start(self, client, **body):
        return post(client, "/api/practice?lang=en", body)

    def test_a_round_reveals_nothing_until_it_ends(self, client):
        response = self.start(client, generations=[1])
        assert response.status_code == 201
        body = response.json()
        round_ = PracticeRound.objects.get()
        assert body["round"] == str(round_.pk)
        assert body["generations"] == [1]
        assert "answer" not in body["state"]
        text = json.dumps(body)
        assert round_.pokemon.name_en not in text
        # The image's address names the round only, never the Pokémon.
        assert body["silhouette_url"] == f"/api/practice/{round_.pk}/silhouette.png"

    def test_the_generation_filter_is_respected(self, client):
        for _ in range(5):
            self.start(client, generations=[2, 4])
        assert set(PracticeRound.objects.values_list("pokemon__generation", flat=True)) <= {2, 4}

    @pytest.mark.parametrize("generations", [[0], [10], [1, 12]])
    def test_generations_out_of_range_get_a_clear_error(self, client, generations):
        response = self.start(client, generations=generations)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "invalid_generations"

    @pytest.mark.parametrize("generations", [["1"], "1", [True], [1.5], {"gen": 1}])
    def test_generations_that_are_not_whole_numbers_are_refused(self, client, generations):
        response = self.start(client, generations=generations)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "invalid_request"
        assert not PracticeRound.objects.exists()

    def test_a_generation_without_artwork_says_so(self, client):
        response = self.start(client, generations=[9])
        assert response.status_code == 422
        assert response.json()["error"]["code"] == "no_pokemon"

    def test_a_round_is_won_and_counted_apart_from_daily_stats(self, client):
        round_id = self.start(client, generations=[1]).json()["round"]
        answer = PracticeRound.objects.get().pokemon.name_en
        response = post(client, f"/api/practice/{round_id}/guesses?lang=en", {"name": answer})
        assert response.status_code == 201
        assert response.json()["state"]["status"] == "won"
        assert response.json()["state"]["answer"]["name"] == answer
        assert client.get("/api/practice/stats").json() == {
            "played": 1,
            "won": 1,
            "best_run": 1,
            "current_run": 1,
        }
        assert client.get("/api/stats").json()["played"] == 0

    def test_another_player_cannot_see_or_play_a_round(self, client):
        round_id = self.start(client).json()["round"]
        stranger = Client()
        assert stranger.get(f"/api/practice/{round_id}").status_code == 404
        response = post(stranger, f"/api/practice/{round_id}/guesses", {"name": "Pikachu"})
        assert response.json()["error"]["code"] == "round_not_found"
        assert stranger.get(f"/api/practice/{round_id}/silhouette.png").status_code == 404

    def test_the_silhouette_differs_between_rounds_of_one_pokemon(self, client):
        first = self.start(client, generations=[1]).json()
        PracticeRound.objects.update(pokemon_id=25)
        second = self.start(client, generations=[1]).json()
        PracticeRound.objects.update(pokemon_id=25)
        a = client.get(first["silhouette_url"])
        b = client.get(second["silhouette_url"])
        assert a["Content-Type"] == "image/png"
        assert "private" in a["Cache-Control"]
        assert a.content != b.content

    def test_hard_mode_applies_to_practice_rounds(self, client):
        round_id = self.start(client, generations=[1], hard_mode=True).json()["round"]
        PracticeRound.objects.update(pokemon_id=25)
        post(client, f"/api/practice/{round_id}/guesses", {"name": "Voltorb"})
        response = post(client, f"/api/practice/{round_id}/guesses", {"name": "Bulbasaur"})
        assert response.json()["error"]["code"] == "hard_mode_violation"

    def test_bad_guesses_get_clear_errors(self, client):
        round_id = self.start(client).json()["round"]
        url = f"/api/practice/{round_id}/guesses"
        assert post(client, url, b"not json").json()["error"]["code"] == "invalid_request"
        assert post(client, url, {"name": " "}).json()["error"]["code"] == "empty_guess"
        assert post(client, url, {"name": "Notamon"}).json()["error"]["code"] == "unknown_pokemon"
        assert post(client, url, {"name": "x" * 5000}).status_code == 413

    def test_a_finished_round_refuses_more_guesses(self, client):
        round_id = self.start(client).json()["round"]
        answer = PracticeRound.objects.get().pokemon.name_en
        url = f"/api/practice/{round_id}/guesses"
        post(client, url, {"name": answer})
        assert post(client, url, {"name": "Pikachu"}).json()["error"]["code"] == "game_over"

    def test_an_unknown_round_is_not_found(self, client):
        response = client.get("/api/practice/00000000-0000-0000-0000-000000000000")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "round_not_found"


def test_practice_statistics_count_the_best_run():
    from puzzle.stats import practice_stats

    stats = practice_stats([True, True, False, True, True, True, False])
    assert stats == {"played": 7, "won": 5, "best_run": 3, "current_run": 0}
