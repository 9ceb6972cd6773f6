"""The names list is publicly cached, so it depends on its URL alone (docs/design.md
"Who sees what"): never on the language cookie or the browser's languages."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def fetch(url: str, **headers):
    return Client().get(url, **headers)


def test_the_cookie_does_not_change_the_list():
    plain = fetch("/api/pokemon/names")
    french = fetch("/api/pokemon/names", HTTP_COOKIE="django_language=fr")
    assert french.content == plain.content
    assert plain.json()["lang"] == "en"
    assert french["Content-Language"] == "en"


def test_the_language_comes_from_the_url():
    german = fetch("/api/pokemon/names?lang=de", HTTP_COOKIE="django_language=fr")
    assert german.json()["lang"] == "de"
    assert german["Content-Language"] == "de"
    assert german.content == fetch("/api/pokemon/names?lang=de").content


def test_accept_language_does_not_change_it():
    assert (
        fetch("/api/pokemon/names", HTTP_ACCEPT_LANGUAGE="ja").content
        == fetch("/api/pokemon/names").content
    )


@pytest.mark.parametrize("url", ["/api/pokemon/names", "/api/pokemon/names?lang=ko"])
def test_it_varies_on_nothing_from_the_request(url):
    response = fetch(url, HTTP_COOKIE="django_language=fr", HTTP_ACCEPT_LANGUAGE="de")
    vary = response.get("Vary", "").lower()
    assert "cookie" not in vary and "accept-language" not in vary
    assert "public" in response["Cache-Control"]
    assert "Set-Cookie" not in response.headers


def test_an_unknown_language_falls_back_to_english():
    # Through a redirect to the English list's URL (docs/scaling.md "The cache key rule").
    assert Client().get("/api/pokemon/names?lang=xx", follow=True).json()["lang"] == "en"


def test_other_api_responses_still_vary_on_the_language():
    response = fetch("/api/puzzle/today")
    assert "accept-language" in response.get("Vary", "").lower()
