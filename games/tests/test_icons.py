"""Feature-card icons are drawn as SVG, never left to an emoji font."""

import json

import pytest

from games.content import CONTENT_DIR
from games.icons import BY_EMOJI, FALLBACK, ICONS, icon_name, svg_for


def test_every_icon_of_the_content_has_its_own_drawing():
    used = set()
    for path in CONTENT_DIR.glob("*.json"):
        text = json.loads(path.read_text(encoding="utf-8"))
        for section in text.get("sections", []):
            used |= {item["icon"] for item in section.get("items", []) if item.get("icon")}
    assert used
    assert {emoji for emoji in used if icon_name(emoji) == FALLBACK} == set()


def test_each_mapped_icon_exists():
    for name in {*BY_EMOJI.values(), FALLBACK}:
        assert (ICONS / f"{name}.svg").read_text().strip().startswith("<"), name


def test_an_emoji_is_drawn_with_or_without_its_variation_selector():
    assert svg_for("🛡️") == svg_for("🛡") != svg_for("⏱️")
    assert svg_for("🦄").count("<svg") == 1  # unknown: the sparkle


@pytest.mark.django_db
def test_a_game_page_shows_no_emoji_in_its_cards(client):
    html = client.get("/time-shooter-3/").content.decode()
    cards = html.split('class="card__icon"')[1:]
    assert cards
    for card in cards:
        icon = card.split("</span>", 1)[0]
        assert "<svg" in icon and "⏱" not in icon and "🛡" not in icon
