"""Control key labels into key chips, in the visitor's language.

A control's ``keys`` field is written once, in English, in a small notation:

- ``or`` between alternatives: ``Arrow keys or W A S D``;
- ``+`` for keys pressed together: ``Shift + Space``;
- ``/`` between keys that do the same: ``RB / LB``; a shared word is shared out,
  ``Left / Right Arrow`` is the left arrow or the right arrow;
- ``,`` lists keys: ``R, F, G, E, N``;
- brackets add other names of a key: ``Select (Back / View)``.

Words of ``KEY_NAMES`` (Space, Arrow keys, Left button, Tap…) are translated by the
site's catalogues (context "keys"); letters and printed names that are not in the list
(``W``, ``RB``, ``F5``) are shown as written. A run of single letters is one chip each
(``W A S D``). Anything after a key that is neither (``Up Arrow or W in water``) stays as
plain text: put such conditions in the action instead.
"""

import re
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import pgettext, pgettext_lazy

# English name (as written in the field, any case) → its translation.
KEY_NAMES: dict[str, Promise] = {
    name.lower(): label
    for name, label in (
        ("Space", pgettext_lazy("keys", "Space")),
        ("Enter", pgettext_lazy("keys", "Enter")),
        ("Backspace", pgettext_lazy("keys", "Backspace")),
        ("Esc", pgettext_lazy("keys", "Esc")),
        ("Shift", pgettext_lazy("keys", "Shift")),
        ("Ctrl", pgettext_lazy("keys", "Ctrl")),
        ("Alt", pgettext_lazy("keys", "Alt")),
        ("Tab", pgettext_lazy("keys", "Tab")),
        ("Page Up", pgettext_lazy("keys", "Page Up")),
        ("Page Down", pgettext_lazy("keys", "Page Down")),
        ("Arrow keys", pgettext_lazy("keys", "Arrow keys")),
        ("Up Arrow", pgettext_lazy("keys", "Up Arrow")),
        ("Down Arrow", pgettext_lazy("keys", "Down Arrow")),
        ("Left Arrow", pgettext_lazy("keys", "Left Arrow")),
        ("Right Arrow", pgettext_lazy("keys", "Right Arrow")),
        ("Move mouse", pgettext_lazy("keys", "Move mouse")),
        ("Left button", pgettext_lazy("keys", "Left button")),
        ("Right button", pgettext_lazy("keys", "Right button")),
        ("Left click", pgettext_lazy("keys", "Left click")),
        ("Right click", pgettext_lazy("keys", "Right click")),
        ("Mouse wheel", pgettext_lazy("keys", "Mouse wheel")),
        ("Tap", pgettext_lazy("keys", "Tap")),
        ("Swipe", pgettext_lazy("keys", "Swipe")),
        ("D-pad", pgettext_lazy("keys", "D-pad")),
        ("Left stick", pgettext_lazy("keys", "Left stick")),
        ("Right stick", pgettext_lazy("keys", "Right stick")),
        ("Start", pgettext_lazy("keys", "Start")),
        ("Select", pgettext_lazy("keys", "Select")),
        ("Back", pgettext_lazy("keys", "Back")),
        ("View", pgettext_lazy("keys", "View")),
        ("Menu", pgettext_lazy("keys", "Menu")),
    )
}


@dataclass(frozen=True)
class Part:
    """One piece of a rendered label: a key chip or the text between chips."""

    text: str
    is_key: bool = False


_OR = re.compile(r"\s+or\s+", re.IGNORECASE)
_BRACKETS = re.compile(r"^(?P<main>[^()]*?)\s*\((?P<inner>[^()]*)\)\s*(?P<rest>.*)$")
_WORDS = re.compile(r"\S+")


def _known(text: str) -> bool:
    return text.lower() in KEY_NAMES


def _chip(name: str) -> Part:
    label = KEY_NAMES.get(name.lower())
    return Part(str(label) if label is not None else name, is_key=True)


def _share(parts: list[str]) -> list[str]:
    """``Left / Right Arrow`` → Left Arrow, Right Arrow; ``Page Up / Down`` → Page Up,
    Page Down: a word the last (or first) key carries is shared with the bare ones."""
    if len(parts) < 2:
        return parts
    last_words, first_words = parts[-1].split(), parts[0].split()
    if len(last_words) == 2 and _known(parts[-1]):
        shared = [p if _known(p) else f"{p} {last_words[1]}" for p in parts[:-1]]
        if all(_known(p) for p in shared):
            return [*shared, parts[-1]]
    if len(first_words) == 2 and _known(parts[0]):
        shared = [p if _known(p) else f"{first_words[0]} {p}" for p in parts[1:]]
        if all(_known(p) for p in shared):
            return [parts[0], *shared]
    return parts


def _single(text: str) -> list[Part]:
    """One key, a run of letters (one chip each), or a key followed by plain text."""
    if _known(text):
        return [_chip(text)]
    words = _WORDS.findall(text)
    if not words:
        return []
    if all(len(word) == 1 for word in words):
        chips: list[Part] = []
        for word in words:
            chips += [Part(" ")] if chips else []
            chips.append(_chip(word))
        return chips
    # The longest known name at the start, else the first word, is the key.
    for size in range(len(words), 0, -1):
        head = " ".join(words[:size])
        if _known(head) or size == 1:
            rest = " ".join(words[size:])
            return [_chip(head), *([Part(f" {rest}")] if rest else [])]
    return []  # pragma: no cover - the loop always returns


def _joined(items: list[list[Part]], separator: str) -> list[Part]:
    parts: list[Part] = []
    for index, item in enumerate(items):
        if index:
            parts.append(Part(separator))
        parts.extend(item)
    return parts


def _alternative(text: str) -> list[Part]:
    """One alternative: keys pressed together (+), each maybe one of several (/), listed (,)."""
    match = _BRACKETS.match(text)
    if match:
        inner = parse_keys(match["inner"])
        rest = _alternative(match["rest"]) if match["rest"] else []
        main = _alternative(match["main"])
        return [*main, Part(" (" if main else "("), *inner, Part(")"), *rest]
    combos = []
    for combo in (c.strip() for c in text.split("+")):
        if not combo:
            continue
        slashed = _share([s.strip() for s in combo.split("/") if s.strip()])
        options = []
        for option in slashed:
            listed = [_single(item.strip()) for item in option.split(",") if item.strip()]
            options.append(_joined(listed, ", "))
        combos.append(_joined(options, " / "))
    return _joined(combos, " + ")


def parse_keys(text: str) -> list[Part]:
    """The label as key chips and the text between them, in the active language."""
    alternatives = [a.strip() for a in _OR.split(text or "") if a.strip()]
    word = pgettext("keys", "or")
    return _joined([_alternative(a) for a in alternatives], f" {word} ")


# Words of a control that a touch screen can do.
TOUCH_WORDS = re.compile(r"\b(tap|swipe|touch|drag)\b", re.IGNORECASE)


def needs_keyboard_or_mouse(controls_keys: list[str]) -> bool:
    """Whether a game's controls (their ``keys`` fields) list nothing a phone can do:
    the page then tells touch-screen visitors it is best on a computer."""
    return bool(controls_keys) and not any(TOUCH_WORDS.search(keys) for keys in controls_keys)
