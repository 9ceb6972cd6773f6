"""The language switch redirects only within the site, whatever ``next`` holds."""

from urllib.parse import urlsplit

import pytest

HOSTILE = [
    "https://evil.example/",
    "http://evil.example",
    "//evil.example/",
    "///evil.example/",
    "/de//evil.example/",
    "/de///evil.example/x",
    "/ar//evil.example/?q=1",
    "\\\\evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5C/evil.example",
    "/%5cevil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "mailto:a@evil.example",
    "evil.example",
    "https:evil.example",
    "https:/evil.example",
    "/\tevil.example",
    "/\n/evil.example",
    "\x00//evil.example",
    "/%09/evil.example",
    "/%0d%0aLocation:%20https://evil.example",
    " //evil.example",
    "/\x7f/evil.example",
    "http://testserver@evil.example/",
    "//testserver@evil.example/",
    "/de/\\\\evil.example",
]


def assert_on_site(location: str) -> None:
    parts = urlsplit(location)
    assert not parts.scheme and not parts.netloc, location
    assert location.startswith("/") and not location.startswith("//"), location
    assert "\\" not in location and "%5c" not in location.lower(), location
    assert not any(ord(char) < 32 or ord(char) == 127 for char in location), location


@pytest.mark.parametrize("code", ["en", "de", "ar"])
@pytest.mark.parametrize("target", HOSTILE)
def test_it_never_leaves_the_site(client, code, target):
    response = client.get("/language/", {"lang": code, "next": target})
    assert response.status_code == 302
    assert_on_site(response["Location"])


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/de//evil.example/", "/evil.example/"),
        ("/de/vex5/?next=//evil.example", "/vex5/?next=//evil.example"),
        ("/%2F/evil.example", "/"),
        ("https://evil.example/", "/"),
    ],
)
def test_it_keeps_what_is_a_site_path_and_drops_the_rest(client, target, expected):
    response = client.get("/language/", {"lang": "en", "next": target})
    assert response["Location"] == expected


def test_a_hostile_target_falls_back_to_the_home_page_in_the_language(client):
    response = client.get("/language/", {"lang": "ja", "next": "//evil.example/"})
    assert response["Location"] == "/ja/"
    assert response.cookies["django_language"].value == "ja"
