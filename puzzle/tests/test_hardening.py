"""No visitor input gives a 5xx (docs/security.md "Input" and "API shape")."""

import io
import json
import logging
import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client

from puzzle.api import shapes
from puzzle.models import DailyPuzzle, PlayerGame, RefusedName

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21
HUGE = "99999999999999999999"


@pytest.fixture(autouse=True)
def _noon():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)
        yield


def post(client: Client, body, content_type="application/json", **extra):
    return client.post("/api/puzzle/21/guesses", body, content_type=content_type, **extra)


def assert_error(response, status: int, code: str) -> None:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


class TestPuzzleNumbers:
    @pytest.mark.parametrize(
        "path",
        [
            f"/api/puzzle/{HUGE}",
            f"/api/puzzle/{HUGE}/results",
            f"/api/puzzle/{HUGE}/silhouette.png",
            "/api/puzzle/1000000",
            "/api/puzzle/999999",
            "/api/puzzle/-1",
        ],
    )
    def test_huge_or_odd_numbers_are_a_json_404(self, client, path):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["error"]["code"] in {"not_found", "puzzle_not_found"}

    def test_a_guess_on_a_huge_number_is_a_404(self, client):
        response = client.post(
            f"/api/puzzle/{HUGE}/guesses", '{"name": "Pikachu"}', content_type="application/json"
        )
        assert response.status_code == 404

    @pytest.mark.parametrize(
        "path", [f"/archive/{HUGE}/", f"/de/archive/{HUGE}/", "/archive/999999/"]
    )
    def test_archive_pages_with_huge_numbers_are_404(self, client, path):
        assert client.get(path).status_code == 404

    def test_the_model_refuses_numbers_past_the_calendar(self):
        assert DailyPuzzle.for_number(10**30) is None


class TestBodies:
    @pytest.mark.parametrize(
        ("content_type", "body"),
        [
            ("multipart/form-data; boundary=BoUnDaRy", b"--BoUnDaRy--\r\n"),
            ("application/x-www-form-urlencoded", b"name=Pikachu"),
            ("text/plain", b'{"name": "Pikachu"}'),
            ("", b'{"name": "Pikachu"}'),
        ],
    )
    def test_anything_but_json_is_415(self, client, content_type, body):
        assert_error(post(client, body, content_type=content_type), 415, "unsupported_media_type")

    def test_a_form_post_is_415(self, client):
        response = client.post("/api/puzzle/21/guesses", {"name": "Pikachu"})
        assert_error(response, 415, "unsupported_media_type")

    def test_deeply_nested_json_is_a_400(self, client):
        body = "[" * 1020 + "]" * 1020
        assert_error(post(client, body), 400, "invalid_request")

    def test_nesting_past_the_recursion_limit_is_a_400(self, client, settings):
        settings.DEBUG = False
        body = '{"name": ' + "[" * 1000 + "]" * 1000 + "}"
        assert_error(post(client, body), 400, "invalid_request")

    @pytest.mark.parametrize(
        "body", [b"\xff\xfe", b'{"name": "\xc3"}', b'{"name": "\xed\xa0\x80"}']
    )
    def test_invalid_utf8_is_a_400(self, client, body):
        assert_error(post(client, body), 400, "invalid_request")

    def test_a_declared_huge_body_is_refused_before_it_is_read(self, client):
        response = post(client, b'{"name": "Pikachu"}', CONTENT_LENGTH="10000000")
        assert_error(response, 413, "payload_too_large")

    def test_a_huge_form_body_is_413_even_with_csrf_checks(self):
        strict = Client(enforce_csrf_checks=True)
        response = strict.post(
            "/api/puzzle/21/guesses",
            b"name=" + b"x" * 5_000_000,
            content_type="application/x-www-form-urlencoded",
        )
        assert_error(response, 413, "payload_too_large")

    def test_a_body_longer_than_its_length_is_cut_at_the_length(self, client):
        body = json.dumps({"name": "Pikachu"}).encode() + b" " * 10_000
        response = post(client, body, CONTENT_LENGTH="19")
        assert response.status_code == 201

    def chunked(self, client: Client, body: bytes):
        # As a server passes a chunked body: no Content-Length, a stream to read.
        return post(
            client,
            b"",
            CONTENT_TYPE="application/json",
            CONTENT_LENGTH="",
            HTTP_TRANSFER_ENCODING="chunked",
            **{"wsgi.input": io.BytesIO(body)},
        )

    @pytest.mark.parametrize("name", ["Pikachu", "x" * 5000])
    def test_a_chunked_body_without_length_is_never_read(self, client, name):
        # The proxy in front sends every body with its length (docs/security.md); a
        # client talking to gunicorn directly must, too.
        response = self.chunked(client, json.dumps({"name": name}).encode())
        assert_error(response, 400, "invalid_request")
        assert not PlayerGame.objects.exists()

    def test_a_missing_body_is_a_400(self, client):
        response = post(client, b"", CONTENT_TYPE="application/json")
        assert_error(response, 400, "invalid_request")

    def test_a_nonsense_length_is_a_400(self, client):
        assert_error(post(client, b"{}", CONTENT_LENGTH="abc"), 400, "invalid_request")

    def test_control_characters_in_a_name_count_as_spaces(self, client):
        # PostgreSQL refuses NUL in text: an unknown name is still recorded, without it.
        assert_error(post(client, json.dumps({"name": "Zz\u0000zz\u0085"})), 422, "unknown_pokemon")
        assert list(RefusedName.objects.values_list("text", flat=True)) == ["Zz zz"]
        assert post(client, json.dumps({"name": "Pika\u0000chu"})).status_code == 201
        assert_error(post(client, json.dumps({"name": "\u0000\t"})), 400, "empty_guess")

    def test_refused_bodies_change_nothing(self, client):
        before = PlayerGame.objects.count()
        post(client, b"\xff", content_type="text/plain")
        post(client, "[" * 1020 + "]" * 1020)
        assert PlayerGame.objects.count() == before


class TestMethods:
    @pytest.mark.parametrize("method", ["put", "patch", "delete", "options"])
    def test_odd_methods_are_a_json_405_with_allow(self, client, method):
        response = getattr(client, method)("/api/puzzle/21/guesses")
        assert_error(response, 405, "method_not_allowed")
        assert response["Allow"] == "POST"

    def test_get_on_guesses_is_405(self, client):
        response = client.get("/api/puzzle/21/guesses")
        assert_error(response, 405, "method_not_allowed")

    def test_reads_allow_head(self, client):
        assert client.head("/api/puzzle/21").status_code == 200
        response = client.post("/api/puzzle/21", "{}", content_type="application/json")
        assert_error(response, 405, "method_not_allowed")
        assert response["Allow"] == "GET, HEAD"

    def test_the_405_message_is_translated(self, client):
        response = client.delete("/api/stats?lang=de")
        assert "does not accept" not in response.json()["error"]["message"]
        assert response["Content-Language"] == "de"

    def test_every_api_route_refuses_an_unknown_method_in_the_error_shape(self, client):
        from portal.urls import api

        patterns, _app, _namespace = api.urls
        for pattern in patterns:
            if pattern.name in ("openapi-json", "api-root"):
                continue
            path = "/api/" + re.sub(
                r"<(\w+):\w+>",
                lambda m: "00000000-0000-4000-8000-000000000000" if "uuid" in m[1] else "1",
                str(pattern.pattern),
            )
            response = client.generic("TRACE", path)
            assert_error(response, 405, "method_not_allowed")
            assert response["Allow"] == ", ".join(sorted(response["Allow"].split(", ")))

    @pytest.mark.parametrize(
        "path",
        ["/api/archive", "/api/practice/00000000-0000-4000-8000-000000000000/silhouette.png"],
    )
    def test_the_archive_and_practice_images_refuse_posts_in_the_error_shape(self, client, path):
        response = client.post(path)
        assert_error(response, 405, "method_not_allowed")
        assert response["Allow"] == "GET, HEAD"


class TestErrorShape:
    @pytest.mark.parametrize("path", ["/api/", "/api/nope", "/api/puzzle/today/", "/api/puzzle/x"])
    def test_unknown_api_routes_are_a_json_404(self, client, path):
        assert_error(client.get(path), 404, "not_found")

    def test_the_404_message_is_translated(self, client):
        response = client.get("/api/nope?lang=fr")
        assert response.json()["error"]["message"] != "There is nothing at this address."

    def test_unknown_pages_stay_html(self, client):
        response = client.get("/nope/")
        assert response.status_code == 404
        assert response["Content-Type"].startswith("text/html")

    def test_an_unexpected_exception_is_logged_and_a_json_500(self, client, monkeypatch, caplog):
        def broken(*args, **kwargs):
            raise RuntimeError("boom")

        monkeypatch.setattr(shapes, "puzzle", broken)
        with caplog.at_level(logging.ERROR, logger="portal.api"):
            response = client.get("/api/puzzle/today?lang=es")
        assert_error(response, 500, "server_error")
        assert response.json()["error"]["message"] != (
            "Something went wrong on our side. Please try again."
        )
        assert "boom" in caplog.text

    def test_the_500_handler_answers_api_paths_in_json(self, rf):
        from portal.views import server_error

        response = server_error(rf.get("/api/stats"))
        assert response.status_code == 500
        assert json.loads(response.content)["error"]["code"] == "server_error"
