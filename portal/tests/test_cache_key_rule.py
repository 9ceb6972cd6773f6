"""The cache key rule (docs/scaling.md): a cached resource answers only at its canonical
URL, the query parameters its view reads in one spelling. Any other query is a
cacheable redirect there, so a made-up parameter costs neither a render nor a new entry
in Django's cache or in a cache in front."""

from datetime import UTC, datetime
from uuid import uuid4

import pytest
import time_machine
from django.core.cache import cache

from puzzle import pokedex

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, tzinfo=UTC)  # puzzle #21
PAGES = ["/", "/de/", "/how-to-play/", "/ja/vex5/", "/archive/", "/fr/archive/3/"]


@pytest.fixture(autouse=True)
def noon():
    with time_machine.travel(NOON, tick=False):
        yield


def entries() -> int:
    """How many entries Django's cache holds (local memory or this worker's Redis)."""
    if isinstance(getattr(cache, "_cache", None), dict):
        return len(cache._cache)  # type: ignore[attr-defined]
    return sum(1 for _key in cache._cache.get_client().scan_iter())  # type: ignore[attr-defined]


def vary(response) -> set[str]:
    return {v.strip().lower() for v in response.get("Vary", "").split(",") if v.strip()}


def assert_redirect(response, status: int, location: str) -> None:
    assert response.status_code == status
    assert response["Location"] == location
    assert "public" in response["Cache-Control"]
    assert "max-age=" in response["Cache-Control"]
    assert not response.cookies


@pytest.mark.parametrize("path", PAGES)
def test_a_page_with_a_made_up_parameter_redirects_to_its_clean_url(client, path):
    assert_redirect(client.get(f"{path}?x={uuid4().hex}"), 301, path)
    assert_redirect(client.head(f"{path}?utm_source=feed&x=1"), 301, path)


def test_made_up_parameters_neither_render_a_page_nor_fill_the_cache(
    client, django_assert_num_queries
):
    assert client.get("/de/archive/").status_code == 200
    warm = entries()
    with django_assert_num_queries(0):
        for _ in range(20):
            assert client.get(f"/de/archive/?x={uuid4().hex}").status_code == 301
    assert entries() == warm


def test_a_post_to_a_page_is_still_refused(client):
    assert client.post("/de/?x=1").status_code == 405


@pytest.mark.parametrize(
    ("query", "location"),
    [
        ("?x=1", "/sitemap-archive.xml"),
        ("?p=1", "/sitemap-archive.xml"),
        ("?p=abc", "/sitemap-archive.xml"),
        ("?p=2&x=1", "/sitemap-archive.xml?p=2"),
        ("?p=02", "/sitemap-archive.xml?p=2"),
        ("?p=2&p=2", "/sitemap-archive.xml?p=2"),
        ("?p=%32", "/sitemap-archive.xml?p=2"),
    ],
)
def test_a_sitemap_section_keeps_only_its_page(client, query, location):
    assert_redirect(client.get(f"/sitemap-archive.xml{query}"), 301, location)


def test_the_sitemap_index_and_other_sections_keep_nothing(client):
    assert_redirect(client.get("/sitemap.xml?p=2"), 301, "/sitemap.xml")
    assert_redirect(client.get("/sitemap-pages.xml?x=1"), 301, "/sitemap-pages.xml")


def test_the_archive_section_is_rendered_once_whatever_the_query(client, django_assert_num_queries):
    assert client.get("/sitemap-archive.xml").status_code == 200
    warm = entries()
    with django_assert_num_queries(0):
        for _ in range(20):
            response = client.get(f"/sitemap-archive.xml?x={uuid4().hex}")
            assert response.status_code == 301
    assert entries() == warm


def test_a_page_past_the_last_is_a_404_no_cache_keeps(client):
    response = client.get("/sitemap-archive.xml?p=9")
    assert response.status_code == 404
    assert "public" not in response.get("Cache-Control", "")


@pytest.mark.parametrize("path", ["/sitemap.xml", "/sitemap-archive.xml", "/sitemap-pages.xml"])
def test_sitemaps_do_not_vary_on_the_browsers_language(client, path):
    assert not {"accept-language", "cookie"} & vary(client.get(path))
    assert not {"accept-language", "cookie"} & vary(client.get(f"{path}?x=1"))


@pytest.mark.parametrize("path", ["/api/puzzle/21/silhouette.png", "/api/pokemon/25/thumb.webp"])
def test_an_image_with_any_query_redirects_to_its_bare_url(client, path):
    assert client.get(path).status_code == 200
    warm = entries()
    response = client.get(f"{path}?lang=de&x={uuid4().hex}")
    assert_redirect(response, 301, path)
    assert not {"accept-language", "cookie"} & vary(response)
    assert not {"accept-language", "cookie"} & vary(client.get(path))
    assert entries() == warm


def test_the_names_list_keeps_its_language_and_the_current_version(client):
    version = pokedex.version()
    canonical = f"/api/pokemon/names?lang=de&v={version}"
    assert client.get(canonical).status_code == 200
    assert_redirect(client.get(f"/api/pokemon/names?lang=de&v={uuid4().hex}"), 302, canonical)
    assert_redirect(client.get("/api/pokemon/names?v=0&lang=de-AT&x=1"), 302, canonical)
    assert_redirect(client.get("/api/pokemon/names?lang=DE&x=1"), 302, "/api/pokemon/names?lang=de")
    assert_redirect(client.get("/api/pokemon/names?lang=xx"), 302, "/api/pokemon/names?lang=en")
    assert_redirect(client.get("/api/pokemon/names?x=1"), 302, "/api/pokemon/names")


def test_the_per_player_api_is_never_cached_whatever_the_query(client):
    response = client.get(f"/api/puzzle/today?lang=de&x={uuid4().hex}")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
