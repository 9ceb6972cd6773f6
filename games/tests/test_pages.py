"""Game landing pages: every section with its counts and constants (docs/design.md
"Pages"), admin edits, English fallback, frames, JSON-LD and ads."""

import json
import re
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import translation

from games.content import content_files, read
from games.models import Game, Section, item_model
from games.text import plain, render
from puzzle.models import today
from puzzle.rules import puzzle_number

pytestmark = pytest.mark.django_db

FAQ_SIZES = {
    "pokerogue": 6,
    "stickman-hook": 6,
    "monkey-mart": 6,
    "vex5": 8,
    "color-tunnel": 7,
    "capybara-clicker": 10,
    "pokemon-clicker": 11,
    "pokemon-clicker-2": 15,
    "time-shooter-3": 9,
}
WEAPONS = {
    "Tactical Assault Rifle": ("Primary", "85", "90", "80"),
    "Combat Shotgun": ("Primary", "95", "65", "40"),
    "Precision Sniper Rifle": ("Primary", "100", "100", "100"),
    "Tactical SMG": ("Primary", "75", "80", "60"),
    "Combat Pistol": ("Secondary", "70", "85", "60"),
    "Heavy Revolver": ("Secondary", "90", "90", "70"),
    "Stun Grenades": ("Tactical", "10", "Area Effect", "Room-sized"),
    "Breaching Charges": ("Equipment", "Structure Only", "Direct Placement", "Contact"),
}
MISSIONS = [
    (1, "Training Facility", "Tutorial"),
    (2, "Bank Heist Response", "Easy"),
    (3, "Harbor Infiltration", "Medium"),
    (4, "High-rise Hostage Situation", "Hard"),
    (5, "Subway Crisis", "Medium"),
    (6, "Chemical Plant Breach", "Expert"),
]
SHOOTER_CONTROLS = {
    "W A S D": "move",
    "T": "slow",
    "R": "reload",
    "Shift + Space": "slide",
}


def page(client, slug: str, lang: str = "en") -> str:
    prefix = "" if lang == "en" else f"/{lang}"
    response = client.get(f"{prefix}/{slug}/")
    assert response.status_code == 200
    return response.content.decode()


def block(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    return html[start : html.index("</section>", start)]


class TestContentFiles:
    def test_there_are_nine_games_in_the_spec_order(self):
        slugs = [read(p)["slug"] for p in content_files()]
        assert sorted(slugs) == sorted(FAQ_SIZES)
        assert list(Game.objects.values_list("slug", flat=True)) == [
            "pokerogue",
            "stickman-hook",
            "monkey-mart",
            "vex5",
            "color-tunnel",
            "capybara-clicker",
            "pokemon-clicker",
            "pokemon-clicker-2",
            "time-shooter-3",
        ]

    def test_hero_buttons_point_at_anchors_that_exist(self, client):
        for game in Game.objects.all():
            html = page(client, game.slug)
            for button in game.hero_buttons.all():
                assert f'id="{button.anchor}"' in html, (game.slug, button.anchor)


@pytest.mark.parametrize(("slug", "size"), FAQ_SIZES.items())
def test_each_faq_has_the_spec_size_and_is_in_the_server_html(client, slug, size):
    html = page(client, slug)
    faq = html[html.index('data-island="accordion"') :]
    faq = faq[: faq.index("</section>")]
    assert faq.count("<details") == size
    assert faq.count('class="accordion__panel"') == size
    game = Game.objects.get(slug=slug)
    first = game.faq_items.first()
    assert first.question.replace("'", "&#x27;") in faq


@pytest.mark.parametrize("slug", FAQ_SIZES)
def test_each_page_has_a_hero_a_frame_and_json_ld(client, slug):
    html = page(client, slug)
    game = Game.objects.get(slug=slug)
    assert '<h1 id="game-title" class="hero__title">' in html
    assert f'<section class="section game-frame" id="{game.frame_anchor}"' in html
    # The game's site is loaded only on the visitor's click (tests/e2e/test_shell.py).
    assert "<iframe" not in html
    assert f'data-frame-src="{game.frame_url}"' in html
    assert f"Play {game.name} — loads the game from {game.frame_host}" in html
    assert re.search(r'data-frame-allow="[^"]*fullscreen', html) and "data-fullscreen" in html
    assert "open " in html and 'target="_blank"' in html  # visible fallback link
    data = json.loads(
        re.search(r'<script type="application/ld\+json">(.+?)</script>', html, re.S).group(1)
    )
    kinds = [d["@type"] for d in data]
    assert kinds == ["VideoGame", "FAQPage"]
    assert len(data[1]["mainEntity"]) == FAQ_SIZES[slug]
    assert f"<title>{game.seo_title}" in html.replace("&#x27;", "'").replace("&amp;", "&")
    assert '<link rel="canonical" href="http' in html


class TestSpecificPages:
    def test_pokerogue_has_three_ad_slots_when_ads_are_on_and_a_gamepad_frame(
        self, client, settings
    ):
        settings.ADSENSE_CLIENT = "ca-pub-123"
        html = page(client, "pokerogue")
        assert html.count('data-island="ad-slot"') == 3
        assert 'data-ad-format="auto"' in html and 'data-full-width-responsive="true"' in html
        assert 'allow="gamepad; fullscreen"' in html
        steps = html[html.index('<ol class="steps">') :]
        assert steps[: steps.index("</ol>")].count("<li>") == 4
        text = html.replace("&nbsp;", " ")
        assert "10 stages" in text
        for stage in ("8", "25", "55"):
            assert re.search(rf"\b{stage}\b", text)

    def test_ads_are_absent_without_an_ad_client(self, client):
        html = page(client, "pokerogue")
        assert "adsbygoogle" not in html

    def test_stickman_hook_uses_the_play_game_anchor_and_a_single_open_faq(self, client):
        html = page(client, "stickman-hook")
        assert 'id="play-game"' in html and 'href="#play-game"' in html
        assert 'data-mode="single"' in html

    def test_monkey_mart_links_three_other_games(self, client):
        html = page(client, "monkey-mart")
        related = block(html, "more-games")
        assert related.count('class="card card--link"') == 3

    def test_vex5_has_a_click_to_load_frame_with_the_spec_heights_and_three_cross_links(
        self, client
    ):
        html = page(client, "vex5")
        assert "<iframe" not in html and 'data-frame-src="' in html
        assert "--frame-height:600px" in html and "--frame-height-small:500px" in html
        related = html[html.index('id="more-games"') :]
        for slug in ("pokerogue", "stickman-hook", "monkey-mart"):
            assert f'href="/{slug}/"' in related
        assert "80+" in html

    def test_color_tunnel_states_its_rules(self, client):
        html = page(client, "color-tunnel")
        for word in ("interior", "exterior", "triangular", "rectangular", "square", "curved"):
            assert word in html.lower()
        assert "A/D" in html and "A and D" in html

    def test_capybara_clicker_has_twenty_dots_and_its_sections(self, client):
        html = page(client, "capybara-clicker")
        dots = html[html.index('<div class="dots"') :]
        assert dots[: dots.index("</div>")].count("<span") == 20
        for anchor in ("play-now", "game-guide", "game-description", "game-features", "game-faq"):
            assert f'id="{anchor}"' in html

    def test_pokemon_clicker_has_fifteen_dots_six_features_and_the_faq_link(self, client):
        html = page(client, "pokemon-clicker")
        dots = html[html.index('<div class="dots"') :]
        assert dots[: dots.index("</div>")].count("<span") == 15
        assert block(html, "features").count('<li class="card"') == 6
        assert "Play Pokemon Clicker Now" in html

    def test_pokemon_clicker_2_has_its_sections_in_order(self, client):
        game = Game.objects.get(slug="pokemon-clicker-2")
        kinds = list(game.sections.values_list("kind", flat=True))
        assert kinds.index("frame") < kinds.index("features") < kinds.index("controls")
        assert (
            kinds.index("controls")
            < kinds.index("evolution")
            < kinds.index("timeline")
            < kinds.index("faq")
        )
        html = page(client, "pokemon-clicker-2")
        assert "Play Pokemon Clicker 2 Now!" in html and 'id="play"' in html
        for key in ("S", "P", "A", "E", "G", "Space"):
            assert f"<kbd>{key}</kbd>" in html

    def test_the_shooter_has_its_weapons_with_their_stats(self, client):
        game = Game.objects.get(slug="time-shooter-3")
        weapons = {
            w.name: (w.category, *(value for _label, value, _percent, _field in w.stats))
            for w in game.weapons.all()
        }
        assert weapons == WEAPONS
        html = page(client, "time-shooter-3")
        assert "--value:85%" in html and "Area Effect" in html and "Room-sized" in html

    def test_the_shooter_has_its_missions_and_objectives(self, client):
        game = Game.objects.get(slug="time-shooter-3")
        assert [(m.number, m.title, m.difficulty) for m in game.missions.all()] == MISSIONS
        objectives = " ".join(m.objectives for m in game.missions.all()[:2])
        assert "3 minutes" in objectives and "5 hostages" in objectives

    def test_the_shooter_has_its_controls_anchors_and_frame_rules(self, client):
        html = page(client, "time-shooter-3")
        for anchor in (
            "play-now",
            "game-guide",
            "features",
            "weapons",
            "missions",
            "game-tips",
            "faq",
        ):
            assert f'id="{anchor}"' in html, anchor
        assert "--frame-ratio:16 / 9" in html and "--frame-max:80vh" in html
        game = Game.objects.get(slug="time-shooter-3")
        keys = {c.keys: c.action.lower() for c in game.controls.all()}
        for combo, word in SHOOTER_CONTROLS.items():
            assert combo in keys and word in keys[combo], combo
        assert {t.type for t in game.tips.all()} == {
            "combat",
            "time",
            "mission",
            "movement",
            "strategy",
        }


class TestAdmin:
    @pytest.fixture
    def staff(self, client):
        user = User.objects.create_superuser("staff", "staff@example.org", "pw-123456")
        client.force_login(user)
        return client

    def test_an_admin_edit_appears_on_the_page(self, staff, client):
        game = Game.objects.get(slug="vex5")
        game.hero_title = "Vex 5, freshly edited"
        game.save()
        assert "Vex 5, freshly edited" in page(client, "vex5")

    def test_the_change_page_opens_with_all_inlines(self, staff):
        game = Game.objects.get(slug="time-shooter-3")
        response = staff.get(f"/admin/games/game/{game.pk}/change/")
        assert response.status_code == 200
        html = response.content.decode()
        assert "Weapons" in html and "Missions" in html and "hero_title_de" in html

    def test_the_admin_refuses_a_plain_http_frame(self, staff):
        from django.core.exceptions import ValidationError

        from games.models import validate_frame_url

        with pytest.raises(ValidationError):
            validate_frame_url("http://example.org/game")
        validate_frame_url("https://example.org/game")

    def test_weapon_stats_must_be_percentages_or_text(self):
        from django.core.exceptions import ValidationError

        from games.models import validate_stat

        for bad in ("101", "-5", "150%"):
            with pytest.raises(ValidationError):
                validate_stat(bad)
        for good in ("0", "100", "85", "Area Effect"):
            validate_stat(good)

    def test_the_admin_lists_and_searches_games(self, staff):
        response = staff.get("/admin/games/game/?q=vex")
        assert response.status_code == 200
        assert "Vex 5" in response.content.decode()

    def test_the_admin_shows_pokemon_with_language_tabs(self, staff):
        assert staff.get("/admin/puzzle/pokemon/25/change/").status_code == 200
        assert staff.get("/admin/puzzle/dailypuzzle/add/").status_code == 200


class TestTranslations:
    def test_a_german_page_falls_back_to_english_where_a_field_is_empty(self, client):
        game = Game.objects.get(slug="vex5")
        with translation.override("de"):
            game.hero_title = "Vex 5 auf Deutsch"
        game.hero_text_de = ""  # an empty translation shows the English text
        game.save()
        html = page(client, "vex5", "de")
        assert "Vex 5 auf Deutsch" in html
        assert game.hero_text_en.split(".")[0].replace("'", "&#x27;") in html
        client.cookies["django_language"] = "en"
        assert "Vex 5 auf Deutsch" not in page(client, "vex5")

    def test_weapon_names_and_text_stats_are_translated_and_percentages_shared(self, client):
        html = page(client, "time-shooter-3", "de")
        weapons = block(html, "weapons")
        assert "Taktisches Sturmgewehr" in weapons and "Tactical Assault Rifle" not in weapons
        assert "Flächenwirkung" in weapons and "Area Effect" not in weapons
        assert "--value:85%" in weapons
        pistol = Game.objects.get(slug="time-shooter-3").weapons.get(content_key="combat-pistol")
        pistol.damage_percent = 72  # one edit of a percentage holds in every language
        pistol.save()
        assert "--value:72%" in block(page(client, "time-shooter-3", "ja"), "weapons")

    def test_a_weapon_percentage_is_one_field_not_one_per_language(self, admin_client):
        from tests.admin_forms import form_of

        game = Game.objects.get(slug="time-shooter-3")
        form = form_of(admin_client, f"/admin/games/game/{game.pk}/part/weapons/")
        assert form.data["weapons-0-damage_percent"] == ["85"]
        assert not any(name.startswith("weapons-0-damage_percent_") for name in form.data)
        assert "weapons-0-damage_de" in form.data  # words are translated
        stun = game.weapons.get(name_en="Stun Grenades")
        assert (stun.damage_percent, stun.accuracy_percent, stun.accuracy_de) == (
            10,
            None,
            "Flächenwirkung",
        )

    def test_the_migration_moves_percentages_out_of_the_language_columns(self):
        import importlib

        from django.apps import apps

        migration = importlib.import_module("games.migrations.0011_weapon_percentages_untranslated")
        weapon = Game.objects.get(slug="time-shooter-3").weapons.get(name_en="Stun Grenades")
        weapon.damage_percent, weapon.damage_en, weapon.damage_de = None, "10", "10"
        weapon.save()
        migration.move_percentages(apps, None)
        weapon.refresh_from_db()
        assert (weapon.damage_percent, weapon.damage_en, weapon.damage_de) == (10, "", None)
        assert weapon.accuracy_de == "Flächenwirkung" and weapon.accuracy_percent is None

    def test_control_keys_show_in_the_visitors_language(self, client):
        html = page(client, "pokerogue", "de")
        assert "<kbd>Pfeiltasten</kbd> oder <kbd>W</kbd> <kbd>A</kbd>" in html
        assert "<kbd>Select</kbd> (<kbd>Back</kbd> / <kbd>Ansicht</kbd>)" in html
        html = page(client, "vex5", "fr")
        assert "<kbd>Flèche gauche</kbd> / <kbd>Flèche droite</kbd> ou <kbd>A</kbd>" in html

    @pytest.mark.parametrize(
        ("lang", "base", "evolved"),
        [
            ("de", "Fukano", "Arkani"),
            ("ja", "ガーディ", "ウインディ"),
            ("zh", "卡蒂狗", "风速狗"),
            # Arabic has no official Pokémon names: the English ones, isolated from the
            # right-to-left text so the arrow (mirrored) points from base to evolution.
            ("ar", "Growlithe", "Arcanine"),
        ],
    )
    def test_evolution_cards_use_official_local_names(self, client, lang, base, evolved):
        html = block(page(client, "pokemon-clicker-2", lang), "evolution")
        assert f"<bdi>{base}</bdi>" in html and f"<bdi>{evolved}</bdi>" in html
        assert "icon--forward" in html
        with translation.override(lang):
            assert translation.gettext("evolves into") in html


class TestText:
    def test_it_renders_paragraphs_lists_and_bold_and_escapes_html(self):
        html = render("Hello **you**\n\n- one\n- <b>two</b>\n\nBye")
        assert (
            html
            == "<p>Hello <strong>you</strong></p><ul><li>one</li><li>&lt;b&gt;two&lt;/b&gt;</li></ul><p>Bye</p>"
        )

    def test_plain_strips_the_markup(self):
        assert plain("Hi **there**\n- a\n- b") == "Hi there a b"


def test_unpublished_games_are_not_found_nor_linked(client):
    game = Game.objects.get(slug="monkey-mart")
    game.published = False
    game.save()  # as staff do, which tells every worker
    assert client.get("/monkey-mart/").status_code == 404
    related = block(page(client, "vex5"), "more-games")  # it links monkey-mart when published
    assert 'href="/monkey-mart/"' not in related
    assert related.count('class="card card--link"') == 2


def test_sections_know_their_kinds():
    assert {k for k, _n in Section.Kind.choices} >= {"frame", "faq", "weapons", "missions"}


def test_every_section_kind_has_its_partial_and_its_items():
    from django.template.loader import get_template

    from games import kinds
    from games.admin import PARTS

    assert [value for value, _label in Section.Kind.choices] == [k.value for k in kinds.KINDS]
    for kind in kinds.KINDS:
        get_template(f"games/sections/{kind.value}.html")
        if kind.items:
            model = item_model(kind)
            assert {"game", "order"} <= {f.name for f in model._meta.fields}
            assert PARTS[kind.value][1] == kind.items


def test_a_page_is_read_in_a_few_queries_whatever_its_parts(client, django_assert_max_num_queries):
    # The game, its sections and hero buttons, each list of items, the header's games.
    with django_assert_max_num_queries(20):
        assert client.get("/ja/time-shooter-3/").status_code == 200


def test_a_staff_edit_reaches_every_language_at_once(client):
    client.get("/vex5/")
    game = Game.objects.get(slug="vex5")
    game.name_fr, game.name_ja = "Vex 5 (nouveau)", "Vex 5（新）"
    game.save()  # a staff edit reaches every language at once
    assert "Vex 5 (nouveau)" in client.get("/fr/vex5/").content.decode()
    assert "Vex 5（新）" in client.get("/ja/vex5/").content.decode()


def test_an_address_that_names_no_game_is_a_404(client, django_assert_max_num_queries):
    client.get("/no-game/")  # a new worker reads the saved translations once
    # The game, and the 404 page's game links and social links.
    with django_assert_max_num_queries(3):
        assert client.get("/no-game/").status_code == 404


def test_each_game_page_leads_to_todays_puzzle(client, settings):
    settings.PUZZLE_LAUNCH_DATE = "2026-11-01"
    number = puzzle_number(today(), date(2026, 11, 1))
    html = client.get("/de/vex5/").content.decode()
    strip = html.split('class="container daily-strip"')[1].split("</aside>")[0]
    assert f"#{number}" in strip
    assert 'href="/de/"' in strip


def test_no_strip_before_the_first_puzzle(client, settings):
    settings.PUZZLE_LAUNCH_DATE = "2099-01-01"
    assert "daily-strip" not in client.get("/vex5/").content.decode()


@pytest.mark.parametrize(
    ("slug", "noted"), [("vex5", True), ("time-shooter-3", True), ("pokemon-clicker-2", False)]
)
def test_a_game_without_touch_controls_says_it_is_best_on_a_computer(client, slug, noted):
    html = client.get(f"/{slug}/").content.decode()
    assert ('class="controls__touch-note"' in html) is noted


@pytest.mark.parametrize(
    "slug", ["about", "archive", "admin", "api", "rosetta", "de", "zh", "static"]
)
def test_a_game_cannot_take_an_address_the_site_already_uses(slug):
    game = Game.objects.get(slug="vex5")
    game.slug = slug
    with pytest.raises(ValidationError) as refused:
        game.full_clean()
    assert "slug" in refused.value.message_dict


def test_a_free_address_is_fine_for_a_game():
    game = Game.objects.get(slug="vex5")
    game.slug = "snake-run"
    game.full_clean()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("frame_height", "0;display:none"),
        ("frame_height_small", "10px}body{"),
        ("frame_aspect_ratio", "16/9;x"),
        ("frame_allow", "camera; microphone; usb"),
    ],
)
def test_the_frames_free_text_fields_take_only_what_they_are_for(field, value):
    game = Game.objects.get(slug="vex5")
    setattr(game, field, value)
    with pytest.raises(ValidationError) as refused:
        game.full_clean()
    assert field in refused.value.message_dict


def test_every_shipped_frame_passes_its_own_checks():
    for game in Game.objects.all():
        game.full_clean()


def rich_text_fields() -> list[tuple[type, str]]:
    """Every text field the admin says takes **bold** and lists (games.admin.RICH_TEXT)."""
    from django.apps import apps
    from django.db import models as db_models

    return [
        (model, f.name)
        for model in apps.get_app_config("games").get_models()
        for f in model._meta.get_fields()
        if isinstance(f, db_models.TextField)
        and not getattr(f, "translated_field", None)
        and not f.help_text
    ] + [(Section, "body")]


@pytest.mark.parametrize(
    ("model", "name"), rich_text_fields(), ids=lambda v: getattr(v, "__name__", v)
)
def test_every_field_that_promises_bold_and_lists_renders_them(client, model, name):
    row = (
        Game.objects.filter(published=True).first()
        if model is Game
        else model._default_manager.filter(game__published=True)
        .exclude(**({"kind": "ad"} if model is Section else {}))
        .first()
    )
    assert row is not None, model
    setattr(row, f"{name}_en", "Text with **marked words**.\n\n- first point\n- second point")
    row.save()
    slug = row.slug if model is Game else row.game.slug
    html = client.get(f"/{slug}/").content.decode()
    assert "<strong>marked words</strong>" in html, (model, name)
    assert "<li>first point</li>" in html and "**" not in html


def test_a_weapon_stat_is_a_percentage_or_words_never_neither_nor_a_number_as_words():
    from games.models import Weapon

    weapon = Weapon.objects.filter(damage_percent__isnull=False).first()
    weapon.clean()
    weapon.damage_percent, weapon.damage = None, ""
    with pytest.raises(ValidationError) as refused:
        weapon.clean()
    assert "damage" in refused.value.message_dict
    weapon.damage = "85"
    with pytest.raises(ValidationError):
        weapon.clean()
    weapon.damage = "Area Effect"
    weapon.clean()
