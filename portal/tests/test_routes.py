"""The spec's routes, the not-found page and the shell. Every route is rendered in every
language by ``test_catalogue_quality``, which checks each page's language there."""

import re

import pytest
from django.conf import settings

ROUTES = [
    "",
    "how-to-play/",
    "privacy/",
    "about/",
    "contact/",
    "pokerogue/",
    "stickman-hook/",
    "monkey-mart/",
    "vex5/",
    "color-tunnel/",
    "capybara-clicker/",
    "pokemon-clicker/",
    "pokemon-clicker-2/",
    "time-shooter-3/",
    "archive/",
]
CODES = [code for code, _name in settings.LANGUAGES]

pytestmark = pytest.mark.django_db


def url(code: str, route: str) -> str:
    return f"/{route}" if code == "en" else f"/{code}/{route}"


def test_it_accepts_spec_paths_without_a_trailing_slash(client):
    response = client.get("/pokerogue")
    assert response.status_code == 301
    assert response["Location"] == "/pokerogue/"


@pytest.mark.parametrize("path", ["/nope/", "/de/nope/", "/ar/pokerogue/extra/", "/unknown-game/"])
def test_it_shows_the_not_found_page_for_unknown_paths(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    html = response.content.decode()
    assert "404" in html
    assert "noindex" in html


def test_it_links_the_not_found_page_home_in_its_language(client):
    response = client.get("/de/nope/")
    html = response.content.decode()
    assert 'lang="de"' in html
    assert re.search(r'<a class="button button--primary" href="/de/">', html)


def test_it_uses_the_spec_wording_on_the_english_not_found_page(client):
    html = client.get("/nope/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Page Not Found" in html
    assert "Oops! The Pokémon you're looking for seems to have escaped." in html
    assert "Return to Home" in html


def test_it_renders_header_links_with_icons_for_the_three_games(client):
    html = client.get("/").content.decode()
    header = html.split('<header class="site-header">')[1].split("</header>")[0]
    hrefs = re.findall(r'<li><a href="([^"]+)"', header)
    assert hrefs[:5] == ["/", "/how-to-play/", "/pokerogue/", "/stickman-hook/", "/monkey-mart/"]
    for slug in ("pokerogue", "stickman-hook", "monkey-mart"):
        link = header.split(f'href="/{slug}/"')[1].split("</a>")[0]
        assert '<svg class="icon"' in link
    assert 'aria-expanded="false"' in header
    assert 'aria-controls="site-nav"' in header


def test_the_menu_adds_the_archive_and_lists_every_game_on_phones(client):
    html = client.get("/de/").content.decode()
    header = html.split('<header class="site-header">')[1].split("</header>")[0]
    assert re.findall(r'<li><a href="([^"]+)"', header)[5] == "/de/archive/"
    phone_only = re.findall(r'<li class="site-nav__phone-only"><a href="([^"]+)"', header)
    assert len(phone_only) == 6
    assert "/de/vex5/" in phone_only


def test_it_renders_the_footer_of_the_spec(client):
    html = client.get("/fr/").content.decode()
    footer = html.split('<footer class="site-footer">')[1].split("</footer>")[0]
    for slug in (
        "",
        "how-to-play/",
        "stickman-hook/",
        "monkey-mart/",
        "vex5/",
        "color-tunnel/",
        "capybara-clicker/",
        "pokemon-clicker/",
        "pokemon-clicker-2/",
        "time-shooter-3/",
    ):
        assert f'href="/fr/{slug}"' in footer, slug
    assert 'href="/fr/pokerogue/"' not in footer  # the header features it
    assert 'href="/sitemap.xml"' in footer
    assert "2023" in footer
    # No icon leads nowhere: without an address from staff there is none
    # (pages/tests/test_social.py).
    assert 'class="social"' not in footer


def test_it_has_a_skip_link_and_landmarks(client):
    html = client.get("/how-to-play/").content.decode()
    assert 'class="skip-link" href="#main"' in html
    assert '<main id="main"' in html
    assert "<header" in html and "<footer" in html and "<nav" in html


def test_it_serves_robots_txt_with_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Disallow: /admin/" in body
    assert "Sitemap: http" in body and body.strip().endswith("/sitemap.xml")


def test_it_returns_a_plain_500_page(client, settings):
    from django.test import RequestFactory

    from portal.views import server_error

    request = RequestFactory().get("/")
    response = server_error(request)
    assert response.status_code == 500
    assert b"Something went wrong" in response.content


def footer_of(html: str) -> str:
    return html.split('<footer class="site-footer">')[1].split("</footer>")[0]


def test_the_game_links_follow_the_published_games_in_staff_order(client, settings):
    from games.models import Game

    settings.PAGE_CACHE_SECONDS = 0  # each page rendered afresh
    assert 'href="/vex5/">Vex 5</a>' in footer_of(client.get("/about/").content.decode())
    vex5 = Game.objects.get(slug="vex5")
    vex5.published = False
    vex5.save()
    footer = footer_of(client.get("/about/").content.decode())
    assert 'href="/vex5/"' not in footer and 'href="/monkey-mart/"' in footer

    monkey = Game.objects.get(slug="monkey-mart")
    monkey.name = "Monkey Mart Deluxe"
    monkey.order = 0
    monkey.save()
    html = client.get("/about/").content.decode()
    assert 'href="/monkey-mart/">Monkey Mart Deluxe</a>' in footer_of(html)
    html = client.get("/de/about/").content.decode()
    header = html.split('<header class="site-header">')[1].split("</header>")[0]
    hrefs = re.findall(r'<li><a href="([^"]+)"', header)
    assert hrefs[:5] == [
        "/de/",
        "/de/how-to-play/",
        "/de/monkey-mart/",
        "/de/pokerogue/",
        "/de/stickman-hook/",
    ]


def test_the_header_and_footer_read_the_game_links_once(client, django_assert_num_queries):
    with django_assert_num_queries(2):  # the game links, and the footer's social links
        html = client.get("/ja/privacy/").content.decode()
    assert 'href="/ja/vex5/"' in html


def test_staff_choose_which_games_the_footer_lists(client):
    from games.models import Game

    vex5 = Game.objects.get(slug="vex5")
    vex5.in_footer = False
    vex5.save()  # bumps the game pages' version
    footer = footer_of(client.get("/contact/").content.decode())
    assert 'href="/vex5/"' not in footer
    assert 'href="/monkey-mart/"' in footer
    header = client.get("/contact/").content.decode().split("</header>")[0]
    assert 'href="/pokerogue/"' in header  # the header is not the footer's choice


@pytest.mark.parametrize("path", ["/no-such-page/", "/de-luxe/", "/fr-fr/"])
def test_an_unknown_path_starting_with_a_language_code_is_not_in_that_language(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert '<html lang="en" dir="ltr">' in response.content.decode()
