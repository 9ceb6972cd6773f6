"""Titles, canonical links, hreflang alternates, Open Graph, sitemap, analytics."""

import re

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db
CODES = [code for code, _name in settings.LANGUAGES]
# SITE_URL when set, else the address the request came to (portal.absolute).
SITE = settings.SITE_URL or "http://testserver"


def head(html: str) -> str:
    return html.split("</head>")[0]


@pytest.mark.parametrize("path", ["/", "/how-to-play/", "/privacy/", "/about/", "/contact/"])
def test_each_page_has_its_own_title_description_and_keywords(client, path):
    html = head(client.get(path).content.decode())
    assert re.search(r"<title>[^<]{10,}</title>", html)
    assert re.search(r'<meta name="description" content="[^"]{50,}">', html)
    assert '<meta name="keywords"' in html
    assert '<meta property="og:title"' in html and '<meta property="og:image"' in html


def test_titles_differ_between_pages(client):
    titles = {
        re.search(r"<title>([^<]+)</title>", client.get(p).content.decode()).group(1)
        for p in ["/", "/how-to-play/", "/privacy/", "/about/", "/contact/", "/pokerogue/"]
    }
    assert len(titles) == 6


def test_it_links_canonical_and_all_alternates(client):
    html = head(client.get("/de/how-to-play/").content.decode())
    site = SITE
    assert f'<link rel="canonical" href="{site}/de/how-to-play/">' in html
    for code in CODES:
        expected = f"{site}/how-to-play/" if code == "en" else f"{site}/{code}/how-to-play/"
        assert f'<link rel="alternate" hreflang="{code}" href="{expected}">' in html
    assert f'<link rel="alternate" hreflang="x-default" href="{site}/how-to-play/">' in html


def test_the_canonical_link_drops_the_query_string(client):
    # A page reads no query: it redirects to its clean URL (docs/scaling.md).
    response = client.get("/about/?utm_source=x", follow=True)
    assert response.redirect_chain == [("/about/", 301)]
    assert f'<link rel="canonical" href="{SITE}/about/">' in head(response.content.decode())


def test_it_loads_no_analytics_without_an_id(client):
    html = client.get("/").content.decode()
    assert "googletagmanager" not in html and "gtag(" not in html


def test_an_analytics_id_waits_for_consent(client, settings):
    # The page view itself is sent by the consent island once the visitor agrees
    # (frontend/islands/consent, tests/e2e/test_consent.py).
    settings.ANALYTICS_ID = "G-TEST123"
    html = client.get("/about/").content.decode()
    assert '"analyticsId": "G-TEST123"' in html
    assert "gtag(" not in html


def test_it_sends_a_content_security_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy


def test_a_game_page_allows_only_its_own_frame_host(client):
    policy = client.get("/pokerogue/").headers["Content-Security-Policy"]
    assert "https://pokerogue.net" in policy
    assert "crazygames" not in policy


def test_absolute_urls_follow_the_served_address_without_site_url(client, settings):
    settings.SITE_URL = ""
    html = head(client.get("/about/", HTTP_HOST="127.0.0.1:9000").content.decode())
    assert '<link rel="canonical" href="http://127.0.0.1:9000/about/">' in html
    assert 'content="http://127.0.0.1:9000/about/"' in html  # og:url
    robots = client.get("/robots.txt", HTTP_HOST="127.0.0.1:9000").content.decode()
    assert "Sitemap: http://127.0.0.1:9000/sitemap.xml" in robots


def test_absolute_urls_use_site_url_when_set(client, settings):
    settings.SITE_URL = "https://pokeguess.example"
    html = head(client.get("/about/", HTTP_HOST="127.0.0.1:9000").content.decode())
    assert '<link rel="canonical" href="https://pokeguess.example/about/">' in html


def test_a_missing_page_names_no_canonical_or_alternates(client):
    """A 404 is no page of the site: no canonical, hreflang or og:url pointing at a
    missing URL (search engines would be told it exists in 19 languages)."""
    html = client.get("/de/nope/").content.decode()
    assert 'rel="canonical"' not in html
    assert '<link rel="alternate" hreflang=' not in html
    assert 'property="og:url"' not in html
    assert '<meta name="robots" content="noindex">' in html
