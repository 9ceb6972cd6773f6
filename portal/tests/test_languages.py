"""The language rules of docs/design.md "Languages", on the server."""

import pytest
from django.conf import settings

from portal import languages

pytestmark = pytest.mark.django_db
COOKIE = settings.LANGUAGE_COOKIE_NAME


class TestHelpers:
    def test_it_splits_a_prefixed_path(self):
        assert languages.split_path("/de/pokerogue/") == ("de", "/pokerogue/")
        assert languages.split_path("/de/") == ("de", "/")
        assert languages.split_path("/pokerogue/") == (None, "/pokerogue/")

    def test_it_does_not_treat_english_as_a_prefix(self):
        assert languages.split_path("/en/x/") == (None, "/en/x/")

    def test_it_localizes_paths_both_ways(self):
        assert languages.localize("/de/how-to-play/?a=1", "fr") == "/fr/how-to-play/?a=1"
        assert languages.localize("/de/how-to-play/", "en") == "/how-to-play/"
        assert languages.localize("/", "ar") == "/ar/"

    def test_it_reads_accept_language_by_quality(self):
        assert languages.from_accept_language("xx, de-AT;q=0.8, fr;q=0.9") == "fr"
        assert languages.from_accept_language("nb-NO,en;q=0.5") == "no"
        assert languages.from_accept_language("tl") == "fil"
        assert languages.from_accept_language("zh-TW,zh;q=0.9") == "zh"
        assert languages.from_accept_language("xx,yy") is None
        assert languages.from_accept_language("de;q=abc") is None


class TestPrefixedUrls:
    def test_it_sets_no_cookie_the_browser_stores_the_preference(self, client):
        # frontend/lib/shell.ts writes the cookie, so a CDN may cache the page.
        response = client.get("/ja/about/")
        assert response.status_code == 200
        assert not response.cookies

    def test_a_prefixed_url_wins_over_another_stored_language(self, client):
        client.cookies[COOKIE] = "fr"
        response = client.get("/de/about/")
        assert response.status_code == 200
        assert 'lang="de"' in response.content.decode()


class TestUnprefixedUrls:
    def test_it_redirects_to_the_stored_language_keeping_path_and_query(self, client):
        client.cookies[COOKIE] = "pl"
        response = client.get("/how-to-play/?ref=mail")
        assert response.status_code == 302
        assert response["Location"] == "/pl/how-to-play/?ref=mail"
        assert "Cookie" in response["Vary"] and "Accept-Language" in response["Vary"]

    def test_it_uses_the_browser_language_when_nothing_is_stored(self, client):
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9,en;q=0.8")
        assert response.status_code == 302
        assert response["Location"] == "/ko/"

    @pytest.mark.parametrize(
        "header",
        ["zh-TW,zh;q=0.9,en;q=0.8", "zh-HK", "zh-Hant", "zh-Hant-TW,en;q=0.5", "zh_TW"],
    )
    def test_traditional_chinese_browsers_get_the_chinese_site(self, client, header):
        # /zh/ is Simplified, but its name matching reads Traditional (docs/i18n.md).
        response = client.get("/how-to-play/", HTTP_ACCEPT_LANGUAGE=header)
        assert response.status_code == 302
        assert response["Location"] == "/zh/how-to-play/"

    def test_it_serves_english_for_an_unsupported_browser_language(self, client):
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="sw")
        assert response.status_code == 200
        assert "Accept-Language" in response["Vary"]

    def test_a_stored_english_preference_beats_the_browser(self, client):
        client.cookies[COOKIE] = "en"
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
        assert response.status_code == 200
        assert 'lang="en"' in response.content.decode()

    def test_it_ignores_a_forged_cookie_value(self, client):
        client.cookies[COOKIE] = "../../etc"
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200

    def test_it_never_redirects_api_admin_or_writes(self, client):
        client.cookies[COOKIE] = "de"
        assert client.get("/api/stats").status_code == 200
        assert client.get("/robots.txt").status_code == 200
        assert client.get("/admin/login/").status_code == 200
        assert client.post("/about/").status_code != 302


class TestSwitcher:
    def test_it_stores_the_choice_and_keeps_path_and_query(self, client):
        response = client.get("/language/", {"lang": "it", "next": "/de/vex5/?x=1"})
        assert response.status_code == 302
        assert response["Location"] == "/it/vex5/?x=1"
        assert response.cookies[COOKIE].value == "it"

    def test_choosing_english_strips_the_prefix_and_stores_en(self, client):
        response = client.get("/language/", {"lang": "en", "next": "/de/vex5/"})
        assert response["Location"] == "/vex5/"
        assert response.cookies[COOKIE].value == "en"
        follow = client.get("/vex5/", HTTP_ACCEPT_LANGUAGE="de")
        assert follow.status_code == 200

    def test_it_refuses_to_redirect_off_site(self, client):
        response = client.get("/language/", {"lang": "de", "next": "https://evil.example/"})
        assert response["Location"] == "/de/"
        response = client.get("/language/", {"lang": "de", "next": "//evil.example/"})
        assert response["Location"] == "/de/"

    def test_it_falls_back_to_english_for_an_unknown_language(self, client):
        response = client.get("/language/", {"lang": "xx", "next": "/de/about/"})
        assert response["Location"] == "/about/"

    def test_the_menu_links_every_language_with_the_current_path(self, client):
        html = client.get("/es/monkey-mart/").content.decode()
        assert html.count('data-lang="') == 19
        assert "/language/?lang=ar&amp;next=%2Fes%2Fmonkey-mart%2F" in html
        assert 'hreflang="ar" lang="ar"' in html


class TestCatalogues:
    """A broken or missing catalogue fails here rather than in front of a visitor."""

    @pytest.mark.parametrize("code", [c for c, _n in settings.LANGUAGES if c != "en"])
    def test_every_catalogue_is_compiled_and_used(self, client, code):
        from django.utils import translation

        with translation.override(code):
            for text in ("Skip to content", "Page Not Found", "Who's that Pokémon?"):
                assert translation.gettext(text) != text, (code, text)
        html = client.get(f"/{code}/").content.decode()
        assert "Skip to content" not in html
