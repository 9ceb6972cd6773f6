"""The sitemap index and its sections: valid XML, within the protocol's limits, cached,
and fast however long the archive grows."""

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import pytest
import time_machine
from django.conf import settings

from portal.sitemaps import LIMIT
from puzzle import rules
from puzzle.models import launch_date

pytestmark = pytest.mark.django_db
NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
MAX_URLS = 50_000
MAX_BYTES = 50 * 1024 * 1024
LANGS = len(settings.LANGUAGES)


def sections(client) -> list[str]:
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    root = ET.fromstring(response.content)
    assert root.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}sitemapindex"
    return [loc.text for loc in root.findall("sm:sitemap/sm:loc", NS)]


def urls_of(client, loc: str) -> list[str]:
    path = re.sub(r"^https?://[^/]+", "", loc)
    response = client.get(path)
    assert response.status_code == 200
    assert len(response.content) < MAX_BYTES
    root = ET.fromstring(response.content)
    assert root.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"
    found = [loc.text for loc in root.findall("sm:url/sm:loc", NS)]
    assert 0 < len(found) <= min(LIMIT, MAX_URLS)
    return found


def test_the_index_lists_one_section_per_app():
    from django.test import Client

    with time_machine.travel(datetime(2026, 11, 21, 12, tzinfo=UTC), tick=False):
        locs = sections(Client())
    assert [re.sub(r"^https?://[^/]+", "", loc) for loc in locs] == [
        "/sitemap-pages.xml",
        "/sitemap-games.xml",
        "/sitemap-archive.xml",
    ]


def test_the_sections_list_every_route_in_every_language(client):
    with time_machine.travel(datetime(2026, 11, 5, 12, tzinfo=UTC), tick=False):
        everything = [url for loc in sections(client) for url in urls_of(client, loc)]
    past = 4  # puzzles #1–#4 before #5 of 5 November
    assert len(everything) == (6 + 9 + past) * LANGS
    assert len(set(everything)) == len(everything)
    assert any(url.endswith("/de/archive/1/") for url in everything)
    assert any(url.endswith("/ar/time-shooter-3/") for url in everything)


def test_archive_locations_are_the_routes_addresses_in_every_language():
    from django.urls import reverse
    from django.utils import translation

    from puzzle.sitemaps import ArchiveSitemap

    sitemap = ArchiveSitemap()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for number in (1, 42, 3650):
                expected = reverse("puzzle:archive_puzzle", args=[number])
                assert sitemap.location(number) == expected


@pytest.mark.slow
def test_ten_years_of_puzzles_stay_within_the_limits(client):
    ten_years = datetime(2036, 11, 21, 12, tzinfo=UTC)
    with time_machine.travel(ten_years, tick=False):
        locs = [loc for loc in sections(client) if "archive" in loc]
        past = rules.puzzle_number(ten_years.date(), launch_date()) - 1
        assert len(locs) == -(-past * LANGS // LIMIT)  # pages of LIMIT URLs
        assert locs[1].endswith("/sitemap-archive.xml?p=2")
        last = urls_of(client, locs[-1])
    assert last[-1].endswith(f"/ar/archive/{past}/")


def test_alternates_and_x_default_are_listed(client):
    body = client.get("/sitemap-games.xml").content.decode()
    assert 'hreflang="x-default"' in body
    assert body.count('hreflang="ja"') == 9 * LANGS


def test_the_warm_archive_section_is_served_from_the_cache(client, django_assert_max_num_queries):
    cold = client.get("/sitemap-archive.xml")
    with django_assert_max_num_queries(0):
        warm = client.get("/sitemap-archive.xml")
    assert warm.status_code == 200 and warm.content == cold.content
    assert warm["Content-Type"] == "application/xml"
    assert warm["Cache-Control"] == "public, max-age=3600"


def test_sections_say_how_long_shared_caches_may_keep_them(client):
    response = client.get("/sitemap-games.xml")
    assert response["Content-Type"] == "application/xml"
    assert response["X-Robots-Tag"] == "noindex, noodp, noarchive"
    assert response["Last-Modified"]  # every game page has a last change
    assert response["Cache-Control"] == "public, max-age=3600"


def archive_numbers(client) -> set[int]:
    body = client.get("/sitemap-archive.xml").content.decode()
    return {int(n) for n in re.findall(r"<loc>[^<]*/archive/(\d+)/</loc>", body)}


def test_a_new_days_puzzle_joins_the_archive_section_at_midnight(client):
    # Early days (the launch is 1 November), so each section is small to render.
    with time_machine.travel(datetime(2026, 11, 3, 23, 59, tzinfo=UTC), tick=False):
        assert archive_numbers(client) == {1, 2}
    with time_machine.travel(datetime(2026, 11, 4, 0, 1, tzinfo=UTC), tick=False):
        assert archive_numbers(client) == {1, 2, 3}


def test_an_unpublished_game_leaves_its_section_at_once(client):
    from games.models import Game

    assert client.get("/sitemap-games.xml").content.count(b"/time-shooter-3/</loc>") == LANGS
    game = Game.objects.get(slug="time-shooter-3")
    game.published = False
    game.save()
    assert b"/time-shooter-3/" not in client.get("/sitemap-games.xml").content


def test_sections_are_compressed_for_crawlers_that_accept_it(client):
    import gzip

    response = client.get("/sitemap-pages.xml", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    root = ET.fromstring(gzip.decompress(response.content))
    assert len(root.findall("sm:url", NS)) == 6 * LANGS


def test_every_entry_lists_every_language(client):
    from games.models import Game

    body = client.get("/sitemap-games.xml").content.decode()
    games = Game.objects.published().count()
    assert body.count("<loc>") == games * LANGS
    assert body.count('hreflang="de"') == games * LANGS  # every entry lists every language
