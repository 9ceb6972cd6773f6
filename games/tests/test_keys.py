"""Control key labels become key chips in the visitor's language (games/keys.py)."""

import pytest
from django.conf import settings
from django.utils import translation

from games.keys import parse_keys

CODES = [code for code, _name in settings.LANGUAGES]


def shown(label: str, code: str = "en") -> str:
    """The label as a visitor reads it: [chip] and the text between chips."""
    with translation.override(code):
        return "".join(f"[{p.text}]" if p.is_key else p.text for p in parse_keys(label))


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("W", "[W]"),
        ("W A S D", "[W] [A] [S] [D]"),
        ("Shift + Space", "[Shift] + [Space]"),
        ("R, F, G, E, N", "[R], [F], [G], [E], [N]"),
        ("RB / LB", "[RB] / [LB]"),
        ("Arrow keys or W A S D", "[Arrow keys] or [W] [A] [S] [D]"),
        ("Left / Right Arrow or A / D", "[Left Arrow] / [Right Arrow] or [A] / [D]"),
        ("Page Up / Down", "[Page Up] / [Page Down]"),
        ("Select (Back / View)", "[Select] ([Back] / [View])"),
        ("Select (Back + View)", "[Select] ([Back] + [View])"),
        ("Up Arrow or W in water", "[Up Arrow] or [W] in water"),
        ("", ""),
    ],
)
def test_a_label_becomes_chips_and_the_words_between(label, expected):
    assert shown(label) == expected


def test_key_words_and_or_are_translated():
    assert shown("Arrow keys or W A S D", "de") == "[Pfeiltasten] oder [W] [A] [S] [D]"
    assert shown("Left / Right Arrow or A / D", "fr") == (
        "[Flèche gauche] / [Flèche droite] ou [A] / [D]"
    )
    assert shown("Shift + Space", "de") == "[Umschalt] + [Leertaste]"
    assert shown("Space or Z", "ja") == "[スペース] または [Z]"
    assert shown("Select (Back / View)", "de") == "[Select] ([Back] / [Ansicht])"


@pytest.mark.parametrize("code", CODES)
def test_the_hard_labels_read_sensibly_in_every_language(code):
    for label in ("Select (Back + View)", "Left / Right Arrow or A / D"):
        text = shown(label, code)
        # Every bracket closes, no chip holds a separator, no chip is empty.
        assert text.count("(") == text.count(")")
        chips = [p.text for p in parse_keys(label) if p.is_key]
        assert all(chip.strip() and not set(chip) & set("()+/,") for chip in chips), chips
    with translation.override(code):
        chips = [p.text for p in parse_keys("Left / Right Arrow or A / D") if p.is_key]
    assert len(chips) == 4 and chips[2:] == ["A", "D"]
    if code != "en":
        assert chips[0] != "Left Arrow" and "or" not in shown("Space or Z", code).split()
