"""The fixed pages render every section with its counts (docs/design.md "Pages")."""

import re

import pytest

pytestmark = pytest.mark.django_db


def section(html: str, heading_id: str) -> str:
    start = html.index(f'id="{heading_id}"')
    return html[start : html.index("</section>", start)]


class TestHome:
    def test_it_has_a_hidden_main_heading(self, client):
        html = client.get("/").content.decode()
        assert re.search(r'<h1 class="visually-hidden">[^<]+</h1>', html)

    def test_the_intro_comes_after_the_game_with_five_how_to_items(self, client):
        html = client.get("/").content.decode()
        hero = section(html, "hero-title")
        # No decorative silhouette that could be taken for today's Pokémon.
        assert "hero-silhouette" not in html
        assert html.index('id="game-area"') < html.index('id="hero-title"')
        assert len(re.findall(r"<li>", hero.split('class="hero__list"')[1].split("</ul>")[0])) == 5

    def test_the_start_button_targets_the_game_area(self, client):
        html = client.get("/").content.decode()
        assert html.count('href="#game-area"') == 2  # start button and call to action
        assert 'id="game-area"' in html
        assert 'data-island="guess-game"' in html

    def test_it_has_five_strategies_five_faqs_and_three_features(self, client):
        html = client.get("/").content.decode()
        assert section(html, "strategies-heading").count("<li>") == 5
        faq = section(html, "faq-heading")
        assert faq.count("<details") == 5 and faq.count("<summary") == 5
        features = section(html, "features-heading")
        assert features.count('<li class="card">') == 3
        for title in ("Daily challenges", "leaderboard", "Community"):
            assert title in features

    def test_it_has_an_about_section_and_a_call_to_action(self, client):
        html = client.get("/").content.decode()
        assert "About Pokéguess" in section(html, "about-heading")
        assert 'href="#game-area"' in section(html, "cta-heading")


class TestHowToPlay:
    def test_it_has_seven_steps_six_tips_and_five_techniques(self, client):
        html = client.get("/how-to-play/").content.decode()
        assert section(html, "steps-heading").count("<li>") == 7
        assert section(html, "tips-heading").count('<li class="card">') == 6
        assert section(html, "advanced-heading").count("<li>") == 5


class TestPrivacy:
    def test_it_has_the_four_sections_of_the_spec(self, client):
        html = client.get("/privacy/").content.decode()
        for heading in (
            "Information we collect",
            "How we use it",
            "Data protection",
            "Your rights",
        ):
            assert f"<h2>{heading}</h2>" in html
        for right in ("Access", "Correct", "Delete"):
            assert f"{right}:" in html


class TestAbout:
    def test_it_explains_the_game_and_says_it_is_fan_made(self, client):
        html = client.get("/about/").content.decode()
        assert "six attempts" in html
        assert "not affiliated" in html


class TestContact:
    def test_it_shows_email_handle_and_chat_from_settings(self, client, settings):
        settings.CONTACT_EMAIL = "team@example.org"
        settings.SOCIAL_HANDLE = "@examplehandle"
        settings.CHAT_INVITE_URL = "https://chat.example.org/invite"
        html = client.get("/contact/").content.decode()
        assert 'href="mailto:team@example.org"' in html
        assert "@examplehandle" in html
        assert 'href="https://chat.example.org/invite"' in html

    def test_it_is_translated_in_other_languages(self, client):
        html = client.get("/de/contact/").content.decode()
        assert "Contact us" not in html.split("<main")[1]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/how-to-play/",
        "/de/privacy/",
        "/about/",
        "/contact/",
        "/vex5/",
        "/archive/",
        "/archive/1/",
    ],
)
def test_the_pages_only_answer_get_and_head(client, path):
    assert client.head(path).status_code == 200
    for method in (client.post, client.put, client.delete):
        response = method(path)
        assert response.status_code == 405, (method, path)
        assert response["Allow"] == "GET, HEAD"


def test_examples_name_pokemon_in_the_page_language(client):
    assert "de Bulbizarre à la dernière génération" in client.get("/fr/").content.decode()
    how_to_play = client.get("/ja/how-to-play/").content.decode()
    assert "ピチュー" in how_to_play and "ライチュウ" in how_to_play
    assert "%(baby)s" not in how_to_play
