"""Feature-card icons: staff type an emoji, the page draws a matching line icon.

Emoji need a colour emoji font, which many systems lack (school computers, some Linux
desktops): there they show as empty boxes. So each emoji the content uses maps to an
inline SVG from ``games/icons/`` (Lucide's outlines, ISC licence in that folder), drawn
in the text colour; an emoji without a match gets a sparkle. To add one: copy the icon's
inner SVG markup into ``games/icons/<name>.svg`` and map the emoji below.
"""

from functools import cache
from pathlib import Path

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

ICONS = Path(__file__).resolve().parent / "icons"
FALLBACK = "sparkles"
# Keyed without the variation selector (U+FE0F), which staff may or may not type.
BY_EMOJI = {
    "🗺": "map",
    "⬆": "arrow-up",
    "📖": "book-open",
    "🏁": "flag",
    "🪝": "anchor",
    "🧬": "dna",
    "🧍": "person-standing",
    "🥚": "egg",
    "🤝": "handshake",
    "🟣": "circle",
    "🔴": "circle",
    "🛡": "shield",
    "🛒": "shopping-cart",
    "🖱": "mouse-pointer",
    "🔁": "repeat",
    "📱": "smartphone",
    "📏": "ruler",
    "💾": "save",
    "💻": "laptop",
    "🖥": "monitor",
    "💰": "coins",
    "👆": "pointer",
    "🐒": "paw-print",
    "🏟": "landmark",
    "🏆": "trophy",
    "🏅": "medal",
    "🎯": "target",
    "🎮": "gamepad-2",
    "🎩": "shirt",
    "🎉": "party-popper",
    "🎁": "gift",
    "🍌": "banana",
    "🌽": "wheat",
    "🌦": "cloud-sun-rain",
    "🌀": "tornado",
    "⭐": "star",
    "⚡": "zap",
    "⚔": "swords",
    "⏳": "hourglass",
    "⏱": "timer",
}


def icon_name(emoji: str) -> str:
    return BY_EMOJI.get(emoji.replace("\ufe0f", "").strip(), FALLBACK)


@cache
def _svg(name: str) -> SafeString:
    shapes = (ICONS / f"{name}.svg").read_text(encoding="utf-8").strip()
    return format_html(
        '<svg class="icon" width="24" height="24" viewBox="0 0 24 24" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        'stroke-linejoin="round" aria-hidden="true" focusable="false">{}</svg>',
        mark_safe(shapes),  # our own files, not staff input
    )


def svg_for(emoji: str) -> SafeString:
    """The inline SVG drawn for ``emoji``."""
    return _svg(icon_name(emoji))
