"""The game's JSON API (docs/design.md "API contract"): every error code, the day boundary, the
grace period for a game begun before midnight, stats and results."""

import json
from datetime import UTC, date, datetime

import pytest
import time_machine
from django.conf import settings
from django.test import Client

from puzzle.models import DailyPuzzle, PlayerGame, Pokemon

pytestmark = pytest.mark.django_db

LAUNCH = date.fromisoformat(settings.PUZZLE_LAUNCH_DATE)
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21


def at(moment: datetime):
    return time_machine.travel(moment, tick=False)


def schedule(day: date, pokemon_id: int) -> DailyPuzzle:
    return DailyPuzzle.objects.create(date=day, pokemon_id=pokemon_id, scheduled=True)


def guess(client: Client, number: int, name, lang: str = "en"):
    body = json.dumps({"name": name}) if not isinstance(name, bytes) else name
    return client.post(
        f"/api/puzzle/{number}/guesses?lang={lang}", body, content_type="application/json"
    )


def without_aka(entry: dict) -> dict:
    """A names-list entry without its other spellings (tested on their own)."""
    return {key: value for key, value in entry.items() if key != "aka"}


def wrong_names(answer_id: int, count: int) -> list[str]:
    return list(
        Pokemon.objects.exclude(pk=answer_id)
        .order_by("id")
        .values_list("name_en", flat=True)[:count]
    )


@pytest.fixture
def pikachu_today():
    with at(NOON):
        yield schedule(NOON.date(), 25)


class TestToday:
    def test_it_describes_todays_puzzle_without_the_answer(self, client, pikachu_today):
        with at(NOON):
            data = client.get("/api/puzzle/today").json()
        assert data["number"] == 21
        assert data["date"] == "2026-11-21"
        assert data["attempts_allowed"] == 6
        assert data["silhouette_url"].startswith("/api/puzzle/21/silhouette.png?v=")
        assert data["state"] == {
            "status": "playing",
            "guesses": [],
            "practice": False,
            "hard_mode": False,
            "lifeline": None,
            "lifeline_offered": False,
        }
        assert data["next_puzzle_at"] == "2026-11-22T00:00:00Z"

    def test_the_day_turns_at_midnight_utc(self, client):
        with at(datetime(2026, 11, 21, 23, 59, 59, tzinfo=UTC)):
            assert client.get("/api/puzzle/today").json()["number"] == 21
        with at(datetime(2026, 11, 22, 0, 0, 0, tzinfo=UTC)):
            assert client.get("/api/puzzle/today").json()["number"] == 22

    def test_a_future_puzzle_is_not_found(self, client):
        with at(NOON):
            response = client.get("/api/puzzle/22")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "puzzle_not_found"

    def test_puzzle_zero_is_not_found(self, client):
        with at(NOON):
            assert client.get("/api/puzzle/0").status_code == 404


class TestGuessing:
    def test_a_wrong_guess_returns_a_hint_row_and_the_state(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "Bulbasaur")
        assert response.status_code == 201
        data = response.json()
        row = data["guess"]
        assert row["name"] == "Bulbasaur" and row["correct"] is False
        hints = {h["key"]: h["result"] for h in row["hints"]}
        assert hints == {
            "type1": "wrong",
            "type2": "wrong",
            "generation": "correct",
            "stage": "higher",
            "color": "wrong",
            "height": "lower",
            "weight": "lower",
        }
        assert data["state"]["status"] == "playing"
        assert len(data["state"]["guesses"]) == 1
        assert "answer" not in data["state"]

    def test_the_player_cookie_is_signed_and_http_only(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "Bulbasaur")
        cookie = response.cookies[settings.PLAYER_COOKIE_NAME]
        assert cookie["httponly"] and cookie["samesite"] == "Lax"
        assert ":" in cookie.value  # signed

    def test_the_cookie_is_sent_again_only_once_it_is_a_day_old(self, client, pikachu_today):
        name = settings.PLAYER_COOKIE_NAME
        with at(NOON):
            first = guess(client, 21, "Bulbasaur")
            again = guess(client, 21, "Charmander")
        assert name in first.cookies
        assert name not in again.cookies  # a fresh cookie for this player: nothing to sign
        with at(NOON.replace(hour=23)):
            assert name not in guess(client, 21, "Squirtle").cookies
        with at(datetime(2026, 11, 22, 13, tzinfo=UTC)):  # a day later: kept alive
            refreshed = guess(client, 21, "Eevee")
        assert refreshed.status_code == 201
        assert (
            refreshed.cookies[name].value.split(":")[0] == first.cookies[name].value.split(":")[0]
        )
        assert len(refreshed.json()["state"]["guesses"]) == 4

    def test_a_forged_player_cookie_starts_a_new_player(self, client, pikachu_today):
        client.cookies[settings.PLAYER_COOKIE_NAME] = "00000000-0000-0000-0000-000000000000"
        with at(NOON):
            response = guess(client, 21, "Bulbasaur")
        assert response.status_code == 201
        assert len(response.json()["state"]["guesses"]) == 1

    def test_the_right_guess_wins_and_reveals_the_answer(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "pikachu")
        data = response.json()
        assert data["guess"]["correct"] is True
        assert data["state"]["status"] == "won"
        assert data["state"]["answer"]["name"] == "Pikachu"
        assert (
            data["state"]["answer"]["artwork_url"].endswith("/25.webp")
            or "25" in data["state"]["answer"]["artwork_url"]
        )

    def test_six_wrong_guesses_lose(self, client, pikachu_today):
        with at(NOON):
            for name in wrong_names(25, 6):
                response = guess(client, 21, name)
        state = response.json()["state"]
        assert state["status"] == "lost"
        assert len(state["guesses"]) == 6
        assert state["answer"]["name_en"] == "Pikachu"

    def test_a_finished_game_refuses_more_guesses(self, client, pikachu_today):
        with at(NOON):
            guess(client, 21, "Pikachu")
            response = guess(client, 21, "Bulbasaur")
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "game_over"

    def test_a_repeated_guess_does_not_use_an_attempt(self, client, pikachu_today):
        with at(NOON):
            guess(client, 21, "Bulbasaur")
            response = guess(client, 21, "  BULBASAUR ")
            state = client.get("/api/puzzle/today").json()["state"]
        assert response.status_code == 409
        error = response.json()["error"]
        assert error["code"] == "duplicate_guess"
        assert "Bulbasaur" in error["message"]
        assert len(state["guesses"]) == 1

    def test_an_unknown_name_gets_a_suggestion_and_uses_no_attempt(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "Bulbsaur")
            state = client.get("/api/puzzle/today").json()["state"]
        assert response.status_code == 422
        error = response.json()["error"]
        assert error["code"] == "unknown_pokemon"
        assert error["suggestions"] == ["Bulbasaur"]
        assert "Did you mean \u2068Bulbasaur\u2069?" in error["message"]
        assert state["guesses"] == []

    def test_a_name_with_no_close_match_says_so(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "zzzzzzzzzz")
        assert response.json()["error"]["code"] == "unknown_pokemon"
        assert response.json()["error"]["suggestions"] == []

    @pytest.mark.parametrize(
        ("name", "expected"),
        [
            ("mr mime", "Mr. Mime"),
            ("FLABEBE", "Flabébé"),
            ("farfetchd", "Farfetch’d"),
            ("ho oh", "Ho-Oh"),
            ("porygon z", "Porygon-Z"),
            ("type null", "Type: Null"),
            ("nidoran f", "Nidoran♀"),
            ("nidoran m", "Nidoran♂"),
        ],
    )
    def test_it_accepts_names_ignoring_case_accents_spaces_and_punctuation(
        self, client, pikachu_today, name, expected
    ):
        with at(NOON):
            response = guess(client, 21, name)
        assert response.status_code == 201, response.content
        assert response.json()["guess"]["name"].replace("'", "’") == expected.replace("'", "’")

    def test_it_accepts_the_page_language_and_english(self, client, pikachu_today):
        with at(NOON):
            german = guess(client, 21, "Bisasam", lang="de")
            english = guess(client, 21, "Charmander", lang="de")
        assert german.status_code == 201
        assert german.json()["guess"]["name"] == "Bisasam"
        assert english.status_code == 201
        assert english.json()["guess"]["name"] == "Glumanda"

    @pytest.mark.parametrize(
        ("name", "expected"),
        [
            ("仆刀將軍", "仆刀将军"),
            ("超能艷鴕", "超能艳鸵"),
            ("多边兽Ⅱ", "多边兽2型"),
            ("路卡利歐", "路卡利欧"),
        ],
    )
    def test_it_accepts_traditional_chinese_on_the_chinese_page(
        self, client, pikachu_today, name, expected
    ):
        with at(NOON):
            response = guess(client, 21, name, lang="zh")
        assert response.status_code == 201, response.content
        assert response.json()["guess"]["name"] == expected

    def test_german_names_are_not_accepted_on_a_french_page(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "Bisasam", lang="fr")
        assert response.status_code == 422

    def test_error_messages_are_translated(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 21, "zzzzzzzzzz", lang="de")
        assert "is not a Pokémon we know" not in response.json()["error"]["message"]

    @pytest.mark.parametrize(
        ("body", "code", "status"),
        [
            (b"not json", "invalid_request", 400),
            (b"[1, 2]", "invalid_request", 400),
            (b'{"name": 5}', "invalid_request", 400),
            (b'{"name": "   "}', "empty_guess", 400),
            (json.dumps({"name": "x" * 61}).encode(), "name_too_long", 400),
            (json.dumps({"name": "x" * 5000}).encode(), "payload_too_large", 413),
            (b"\xff\xfe", "invalid_request", 400),
        ],
    )
    def test_bad_input_gets_a_clear_error_and_never_a_500(
        self, client, pikachu_today, body, code, status
    ):
        with at(NOON):
            response = guess(client, 21, body)
        assert response.status_code == status
        assert response.json()["error"]["code"] == code
        assert response.json()["error"]["message"]

    def test_a_future_puzzle_refuses_guesses(self, client, pikachu_today):
        with at(NOON):
            response = guess(client, 22, "Pikachu")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "puzzle_not_found"

    def test_get_is_not_allowed_on_guesses(self, client, pikachu_today):
        with at(NOON):
            assert client.get("/api/puzzle/21/guesses").status_code == 405

    def test_writes_need_a_csrf_token(self, pikachu_today):
        strict = Client(enforce_csrf_checks=True)
        with at(NOON):
            response = guess(strict, 21, "Pikachu")
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "csrf_failed"

    def test_writes_with_the_token_succeed(self, pikachu_today):
        strict = Client(enforce_csrf_checks=True)
        with at(NOON):
            token = strict.get("/api/puzzle/today").json()["csrf_token"]
            assert strict.cookies[settings.CSRF_COOKIE_NAME].value
            response = strict.post(
                "/api/puzzle/21/guesses",
                json.dumps({"name": "Pikachu"}),
                content_type="application/json",
                HTTP_X_CSRFTOKEN=token,
            )
        assert response.status_code == 201

    def test_two_tabs_opened_together_can_both_write(self, pikachu_today):
        # A new visitor's two tabs each get a token and a cookie of their own; the browser
        # keeps the cookie set last. The island then sends the cookie's secret, which the
        # first tab's kept token no longer matches (frontend/islands/guess-game/api.ts).
        first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
        with at(NOON):
            kept = first.get("/api/puzzle/today").json()["csrf_token"]
            second.get("/api/puzzle/today")
            first.cookies = second.cookies  # the cookie jar both tabs share
            secret = first.cookies[settings.CSRF_COOKIE_NAME].value

            def post(token: str):
                return first.post(
                    "/api/puzzle/21/guesses",
                    json.dumps({"name": "Pikachu"}),
                    content_type="application/json",
                    HTTP_X_CSRFTOKEN=token,
                )

            assert post(kept).json()["error"]["code"] == "csrf_failed"
            assert post(secret).status_code == 201

    def test_it_rate_limits_a_flood_of_guesses_per_player(self, client, pikachu_today):
        with at(NOON):
            guess(client, 21, "Bulbasaur")  # the player now has a cookie
            codes = [guess(client, 21, "zzzz").status_code for _ in range(35)]
        assert codes[0] == 422
        assert codes[-1] == 429
        assert 429 in codes[25:31]

    def test_it_rate_limits_a_flood_from_one_address(self, client, pikachu_today):
        with at(NOON):
            codes = []
            for _ in range(125):
                client.cookies.clear()  # a new visitor each time, from the same address
                codes.append(guess(client, 21, "zzzz").status_code)
        assert codes[0] == 422
        assert codes[-1] == 429

    def test_state_survives_a_new_tab(self, client, pikachu_today):
        with at(NOON):
            guess(client, 21, "Bulbasaur")
            other_tab = Client()
            other_tab.cookies = client.cookies
            state = other_tab.get("/api/puzzle/today").json()["state"]
        assert [row["name"] for row in state["guesses"]] == ["Bulbasaur"]


class TestDayBoundary:
    def test_a_game_begun_before_midnight_can_be_finished_and_counts(self, client):
        with at(datetime(2026, 11, 21, 23, 59, 0, tzinfo=UTC)):
            schedule(date(2026, 11, 21), 25)
            guess(client, 21, "Bulbasaur")
        with at(datetime(2026, 11, 22, 0, 5, 0, tzinfo=UTC)):
            response = guess(client, 21, "Pikachu")
            stats = client.get("/api/stats").json()
        assert response.json()["state"]["status"] == "won"
        assert response.json()["state"]["practice"] is False
        assert stats["played"] == 1 and stats["wins"] == 1
        assert stats["distribution"] == [0, 1, 0, 0, 0, 0]

    def test_after_the_grace_period_the_game_becomes_practice(self, client):
        with at(datetime(2026, 11, 21, 23, 59, 0, tzinfo=UTC)):
            schedule(date(2026, 11, 21), 25)
            guess(client, 21, "Bulbasaur")
        with at(datetime(2026, 11, 23, 0, 0, 1, tzinfo=UTC)):
            response = guess(client, 21, "Pikachu")
            stats = client.get("/api/stats").json()
        assert response.json()["state"]["practice"] is True
        assert stats["played"] == 0

    def test_an_old_puzzle_started_today_is_practice(self, client):
        with at(NOON):
            response = guess(client, 5, "Pikachu")
            stats = client.get("/api/stats").json()
        assert response.status_code == 201
        assert response.json()["state"]["practice"] is True
        assert stats["played"] == 0


class TestStats:
    def test_a_new_player_has_empty_stats(self, client):
        with at(NOON):
            stats = client.get("/api/stats").json()
        assert stats["played"] == 0 and stats["win_percent"] == 0
        assert stats["distribution"] == [0] * 6

    def test_streaks_follow_consecutive_wins_and_a_missed_day_breaks_them(self, client):
        for day in (19, 20):
            with at(datetime(2026, 11, day, 9, tzinfo=UTC)):
                schedule(date(2026, 11, day), 25)
                guess(client, day, "Pikachu")
        with at(datetime(2026, 11, 21, 9, tzinfo=UTC)):
            stats = client.get("/api/stats").json()
        assert stats["current_streak"] == 2 and stats["max_streak"] == 2
        with at(datetime(2026, 11, 23, 9, tzinfo=UTC)):
            stats = client.get("/api/stats").json()
        assert stats["current_streak"] == 0 and stats["max_streak"] == 2
        assert stats["streak_broken"] is True


class TestResults:
    def test_results_are_hidden_until_the_player_finished(self, client, pikachu_today):
        with at(NOON):
            response = client.get("/api/puzzle/21/results")
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "not_finished"

    def test_results_show_how_everyone_did(self, client, pikachu_today):
        with at(NOON):
            other = Client()
            guess(other, 21, "Bulbasaur")
            guess(other, 21, "Pikachu")
            guess(client, 21, "Pikachu")
            data = client.get("/api/puzzle/21/results").json()
        assert data == {
            "number": 21,
            "players": 2,
            "wins": 2,
            "win_percent": 100,
            "distribution": [1, 1, 0, 0, 0, 0],
        }


class TestNames:
    def test_it_lists_names_in_the_language_with_english(self, client):
        response = client.get("/api/pokemon/names?lang=de")
        data = response.json()
        assert len(data["names"]) == 1025
        assert {"name": "Bisasam", "en": "Bulbasaur", "id": 1} in map(without_aka, data["names"])
        assert {"name": "Pikachu", "id": 25} in map(without_aka, data["names"])
        assert "max-age=86400" in response["Cache-Control"]

    def test_it_answers_not_modified_for_a_known_etag(self, client):
        first = client.get("/api/pokemon/names?lang=fr")
        again = client.get("/api/pokemon/names?lang=fr", HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304

    def test_a_staff_rename_reaches_the_list(self, client):
        Pokemon.objects.filter(pk=25).update(name_fil="Pikatsu")
        Pokemon.objects.get(pk=25).save()
        data = client.get("/api/pokemon/names?lang=fil").json()
        assert {"name": "Pikatsu", "en": "Pikachu", "id": 25} in map(without_aka, data["names"])


class TestSilhouette:
    def test_it_is_a_png_in_one_colour_with_a_long_cache(self, client, pikachu_today):
        from io import BytesIO

        from PIL import Image

        with at(NOON):
            response = client.get(client.get("/api/puzzle/today").json()["silhouette_url"])
        assert response.status_code == 200
        assert response["Content-Type"] == "image/png"
        assert "immutable" in response["Cache-Control"]
        image = Image.open(BytesIO(response.content)).convert("RGBA")
        colours = {pixel[:3] for pixel in image.get_flattened_data() if pixel[3] > 0}
        assert len(colours) == 1
        assert not image.info.get("exif") and not any(k for k in image.info if k not in ("dpi",))

    def test_a_future_silhouette_is_not_found(self, client):
        with at(NOON):
            assert client.get("/api/puzzle/99/silhouette.png").status_code == 404


class TestGameOverState:
    def test_player_game_rows_keep_every_guess(self, client, pikachu_today):
        with at(NOON):
            guess(client, 21, "Bulbasaur")
            guess(client, 21, "Pikachu")
        game = PlayerGame.objects.get()
        assert game.guesses == [1, 25]
        assert game.status == "won" and game.finished_at is not None


class TestArchivePages:
    def test_the_archive_lists_past_puzzles_with_the_players_progress(self, client):
        with at(NOON):
            guess(client, 5, "Pikachu")
            response = client.get("/archive/")
        html = response.content.decode()
        props = json.loads(
            html.split('<script id="game-props" type="application/json">')[1].split("</script>")[0]
        )
        assert props["view"] == "archive" and props["launchDate"] == "2026-11-01"
        assert "played" not in props  # the page is the same for everyone
        with at(NOON):
            played = client.get("/api/archive").json()["played"]
        assert set(played) == {"5"}
        assert played["5"] in ("playing", "won", "lost")
        assert 'href="/archive/20/"' in html  # the no-JavaScript list

    def test_an_archive_puzzle_page_is_a_deep_link_in_every_language(self, client):
        with at(NOON):
            assert client.get("/ja/archive/3/").status_code == 200
            assert client.get("/ja/archive/21/").status_code == 200  # today, as its own page
            assert client.get("/ja/archive/22/").status_code == 404
