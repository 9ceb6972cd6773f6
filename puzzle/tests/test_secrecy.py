"""Before the game ends nothing a fresh player receives names the answer: not the HTML,
the JSON, the image URL, the image bytes or the headers (docs/security.md)."""

import json
import re
from datetime import UTC, date, datetime

import pytest
import time_machine
from django.conf import settings
from django.test import Client

from puzzle.models import DailyPuzzle, Pokemon

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
ANSWER = 133  # Eevee: a name that appears nowhere else on the page


def secrets(pokemon: Pokemon) -> list[str]:
    names = {getattr(pokemon, f"name_{code}") for code, _n in settings.LANGUAGES}
    names |= set(pokemon.extra_names)
    return sorted(n for n in names if n)


def fetch_everything(client: Client, lang: str) -> list[tuple[str, bytes, dict]]:
    prefix = "" if lang == "en" else f"/{lang}"
    responses = []
    for path in [
        f"{prefix}/",
        f"{prefix}/archive/",
        "/api/puzzle/today",
        f"/api/puzzle/today?lang={lang}",
    ]:
        r = client.get(path)
        assert r.status_code == 200, path
        responses.append((path, r.content, dict(r.headers)))
    payload = json.loads(responses[-1][1])
    image = client.get(payload["silhouette_url"])
    responses.append((payload["silhouette_url"], image.content, dict(image.headers)))
    bad = client.post(
        f"/api/puzzle/{payload['number']}/guesses?lang={lang}",
        json.dumps({"name": "Pikachu"}),
        content_type="application/json",
    )
    responses.append(("guess", bad.content, dict(bad.headers)))
    return responses


@pytest.mark.parametrize("lang", ["en", "de", "ja", "zh", "ar"])
def test_nothing_names_the_answer_before_the_end(lang):
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=ANSWER, scheduled=True)
        answer = Pokemon.objects.get(pk=ANSWER)
        forbidden = secrets(answer)
        client = Client()
        for path, body, headers in fetch_everything(client, lang):
            text = body.decode("utf-8", errors="ignore") + json.dumps(headers)
            lowered = text.lower()
            for name in forbidden:
                assert name.lower() not in lowered, (path, name)
            # The Pokédex number must not appear as an artwork path or id.
            assert not re.search(rf"artwork/{ANSWER}\.", text), path
            assert f'"id": {ANSWER}' not in text and f'"id":{ANSWER}' not in text, path


def test_the_answer_is_revealed_after_the_end():
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=ANSWER, scheduled=True)
        client = Client()
        response = client.post(
            "/api/puzzle/21/guesses?lang=de",
            json.dumps({"name": "Evoli"}),
            content_type="application/json",
        )
        html = client.get("/de/").content.decode()
        state = client.get("/api/puzzle/today?lang=de").json()["state"]
    assert response.json()["state"]["answer"]["name"] == "Evoli"
    assert state["answer"]["name"] == "Evoli"
    assert "Evoli" not in html  # pages are the same for everyone; the island asks the API
