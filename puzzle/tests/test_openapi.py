"""The OpenAPI document, generated from the API's schemas (django-ninja), describes what
the server really answers: every route is in it, and real answers conform."""

import json
import re
from datetime import UTC, datetime

import jsonschema
import pytest
import time_machine
from django.test import Client

from portal.urls import api
from puzzle.models import DailyPuzzle

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21


DOCUMENT = json.loads(json.dumps(api.get_openapi_schema()))
DOCUMENTS = {"openapi-json", "api-root"}  # the document itself, and ninja's root


def openapi_path(route: str) -> str:
    return "/api/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)


def schema_for(path: str, method: str, status: int) -> dict:
    documented = DOCUMENT["paths"][path][method]["responses"][str(status)]
    return documented["content"]["application/json"]["schema"]


def assert_conforms(response, path: str, method: str = "get") -> None:
    schema = {"allOf": [schema_for(path, method, response.status_code)], **DOCUMENT}
    jsonschema.Draft202012Validator(schema).validate(response.json())


def test_it_is_served_as_openapi_3_1(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.json()["openapi"] == "3.1.0"
    assert response.json() == DOCUMENT


@pytest.mark.slow
def test_the_islands_types_are_generated_from_this_document():
    from scripts import api_types

    assert api_types.generate() == api_types.TYPES.read_text(), "run `make api-types`"


def test_every_route_is_documented():
    patterns, _app, _namespace = api.urls
    routes = {openapi_path(str(p.pattern)) for p in patterns if p.name not in DOCUMENTS}
    assert routes == set(DOCUMENT["paths"])


def test_every_documented_method_is_the_one_the_view_allows(client):
    for path, operations in DOCUMENT["paths"].items():
        concrete = (
            path.replace("{number}", "1")
            .replace("{pokemon_id}", "1")
            .replace("{round_id}", "00000000-0000-4000-8000-000000000000")
        )
        response = client.generic("TRACE", concrete)
        allowed = {m.strip().lower() for m in response["Allow"].split(",")}
        assert set(operations) <= allowed, path


def test_the_schemas_are_valid_json_schema():
    for schema in DOCUMENT["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema({**schema, **DOCUMENT})


@pytest.fixture
def today():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=NOON.date(), pokemon_id=25, scheduled=True)
        yield


def guess(client: Client, name: str, number: int = 21):
    return client.post(
        f"/api/puzzle/{number}/guesses", json.dumps({"name": name}), content_type="application/json"
    )


def test_real_responses_validate_against_the_document(client, today):
    guesses = "/api/puzzle/{number}/guesses"
    results = "/api/puzzle/{number}/results"
    assert_conforms(client.get("/api/puzzle/today"), "/api/puzzle/today")
    assert_conforms(client.get("/api/puzzle/21"), "/api/puzzle/{number}")
    assert_conforms(client.get("/api/puzzle/99"), "/api/puzzle/{number}")
    assert_conforms(client.get("/api/puzzle/21/results"), results)
    for name in ["Bulbasaur", "Bulbasaur", "Pikachuu", "", "Pikachu", "Mew"]:
        assert_conforms(guess(client, name), guesses, "post")
    assert_conforms(guess(client, "Mew", number=99), guesses, "post")
    bad = client.post("/api/puzzle/21/guesses", "x", content_type="text/plain")
    assert_conforms(bad, guesses, "post")
    assert_conforms(client.get("/api/puzzle/21"), "/api/puzzle/{number}")
    assert_conforms(client.get("/api/puzzle/21/results"), results)
    assert_conforms(client.get("/api/stats"), "/api/stats")
    assert_conforms(client.get("/api/pokemon/names?lang=ja"), "/api/pokemon/names")
    assert_conforms(client.delete("/api/stats"), "/api/stats")
    assert_conforms(
        client.get("/api/puzzle/99/silhouette.png"), "/api/puzzle/{number}/silhouette.png"
    )
    assert client.get("/api/puzzle/21/silhouette.png")["Content-Type"] == "image/png"


def body_schema(path: str) -> dict:
    content = DOCUMENT["paths"][path]["post"]["requestBody"]["content"]
    return {"allOf": [content["application/json"]["schema"]], **DOCUMENT}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/puzzle/{number}/guesses", {"name": ""}),
        ("/api/puzzle/{number}/guesses", {"name": " \u3000\t"}),
        ("/api/puzzle/{number}/guesses", {"name": "\x00\x85"}),
        ("/api/puzzle/{number}/guesses", {"name": "a" * 61}),
        ("/api/puzzle/{number}/guesses", {"name": "Mew", "padding": "x" * 4000}),
        ("/api/practice", {"generations": [0]}),
        ("/api/practice", {"generations": [10]}),
        ("/api/practice", {"generations": [1], "padding": "x" * 4000}),
    ],
)
def test_the_document_allows_no_body_the_server_refuses_as_malformed(client, today, path, body):
    """What the rules turn down (400) or the size limit (413), the document forbids too;
    puzzle/tests/test_fuzz.py checks the converse with generated bodies."""
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(body_schema(path)).validate(body)
    url = path.replace("{number}", "21")
    response = client.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code in (400, 413)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/puzzle/{number}/guesses", {"name": " Mew "}),
        ("/api/puzzle/{number}/guesses", {"name": "x" * 60, "hard_mode": True}),
        ("/api/practice", {"generations": list(range(1, 10))}),
        ("/api/practice", {"generations": None}),
        ("/api/practice", {}),
    ],
)
def test_bodies_the_document_allows_are_not_refused_as_malformed(client, today, path, body):
    jsonschema.Draft202012Validator(body_schema(path)).validate(body)
    url = path.replace("{number}", "21")
    response = client.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code in (201, 422)
