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


def cache_keys() -> list[str]:
    """Every key in the default cache: local memory in the default profile, Redis (this
    worker's own database, conftest.py) when ``REDIS_URL`` is set."""
    from django.core.cache import cache

    if hasattr(cache, "_cache") and isinstance(cache._cache, dict):
        return list(cache._cache)
    client = cache._cache.get_client()
    return [key.decode() for key in client.scan_iter()]


def test_no_cache_key_names_the_answer():
    """Whoever reads the cache (Redis) learns nothing about today's answer from its keys:
    not its number, its names, nor its last edit time, which the thumbnails' keys pair
    with its number."""
    with time_machine.travel(NOON, tick=False):
        DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=ANSWER, scheduled=True)
        answer = Pokemon.objects.get(pk=ANSWER)
        answer.save()  # a staff edit: an edit time no other Pokémon has
        client = Client()
        payload = client.get("/api/puzzle/today?lang=de").json()
        assert client.get(payload["silhouette_url"]).status_code == 200
        assert client.get("/api/pokemon/25/thumb.webp").status_code == 200
        keys = cache_keys()
    assert any("silhouette" in key for key in keys)
    forbidden = {str(ANSWER), str(answer.updated_at.timestamp()), answer.updated_at.isoformat()}
    for key in keys:
        parts = set(re.split(r"[:/._-]", key.lower())) | set(key.split(":"))
        assert not parts & forbidden, key
        for name in secrets(answer):
            assert name.lower() not in key.lower(), key
