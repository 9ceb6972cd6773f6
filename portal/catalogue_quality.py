"""Checks that every visible word is in the visitor's language (docs/i18n.md).

Two checks share this module: catalogue entries whose translation is the English text
copied, and English sentences that reach a rendered page in another language. Each has
a short, reviewed allow-list: words that really are the same in that language.
"""

import json
import re
from pathlib import Path

import polib
from django.conf import settings

from portal import catalogues
from portal.htmlscan import Scanner

# msgid -> {language codes (or "*" for all): reason}. Only words that are genuinely the
# same in that language: names, brands, numbers and established loanwords.
SAME_AS_ENGLISH: dict[str, dict[str, str]] = {
    "Pokémon": {"*": "Brand name, written the same in every Latin-script edition."},
    "Pokéguess #{number}": {"*": "Site name and a number (the share card title)."},
    "id": {"*": "Technical identifier column in the admin."},
    "{guesses}: {games}": {"*": "Only placeholders and punctuation."},
    "Gen.": {"da de es it nl no pl": "The usual short form of the word for generation."},
    "Hindi": {"*": "The language's name in every Latin-script language here."},
    "Filipino": {"*": "The language's name in Latin-script languages (endonym in fil)."},
    "Thai": {"da no nl fil": "The language's name in Danish, Norwegian, Dutch, Filipino."},
    "FAQ": {"de fr it nl pl pt": "Standard abbreviation in these languages."},
    "E-mail": {"da fr it nl pl pt vi fil": "The usual word in these languages."},
    "Menu": {"da fr it nl pl pt vi fil": "The usual word in these languages."},
    "Tutorial": {"de es it nl pt": "The usual word in these languages."},
    "Normal": {"da de es fil fr nl no pt": "Official Pokémon type name in these languages' games."},
    "Type 1": {"da fr nl no": "'Type' is the word in these languages."},
    "Type 2": {"da fr nl no": "'Type' is the word in these languages."},
    "type 1": {"da fr nl no": "'Type' is the word in these languages."},
    "type 2": {"da fr nl no": "'Type' is the word in these languages."},
    "type": {"da fr nl no": "'Type' is the word in these languages."},
    "Generation": {"da de": "The same word in Danish and German."},
    "generation": {"da": "The same word in Danish."},
    "Mission %(number)s": {"da de": "The same word in Danish and German."},
    "mission": {"da fr": "The same word in Danish and French."},
    "missions": {"fr": "The same word in French."},
    "genre": {"da fr nl": "The same word in these languages."},
    "tip": {"da nl": "The same word in Danish and Dutch."},
    "tips": {"da nl no": "The same word in these languages."},
    "Tips": {"da nl no": "The same word in these languages."},
    "Expert": {"fr nl": "The same word in French and Dutch."},
    "Contact": {"fr nl": "The same word in French and Dutch."},
    "label": {"nl": "The same word in Dutch."},
    "control": {"es": "The same word in Spanish."},
    "section": {"fr": "The same word in French."},
    "sections": {"fr": "The same word in French."},
    "question": {"fr": "The same word in French."},
    "description": {"fr": "The same word in French."},
    "action": {"fr": "The same word in French."},
    "combat": {"fr": "The same word in French."},
    "correct": {"fr": "The same word in French."},
    "date (UTC)": {"fr": "The same words in French."},
    "Date": {"fr": "The same word in French (admin insights column)."},
    "Pokémon for “%(text)s”": {"da": "Danish reads the same: 'for' is Danish."},
    "Poison": {"fr nl fil": "Official Pokémon type name in French, Dutch, Filipino."},
    "Dragon": {"fr nl fil": "Official Pokémon type name in French, Dutch, Filipino."},
    "Sitemap": {"nl": "The usual word on Dutch sites."},
    # Key and button names (games/keys.py) as they are printed on keyboards and
    # controllers in these languages; translators give the local print where it differs
    # (German Strg, French Maj, Échap).
    **{
        name: {"*": "Printed so on the key or button in every language's keyboards or pads."}
        for name in ["Esc", "Shift", "Ctrl", "Alt", "Tab", "Page Up", "Page Down"]
        + ["Start", "Select", "Back"]
    },
    "Enter": {"da fil ja nl no pl pt ru th vi": "Printed so on the key in these languages."},
    "Backspace": {
        "ar fil it ja nl pl pt ru th vi": "Printed so on the key and the usual name there."
    },
    "D-pad": {"nl fil": "The usual word among Dutch and Filipino players."},
    # Game-page words (games/content/i18n) that are the native word too.
    "Level": {"de nl fil": "The usual word for a game's level in these languages."},
    "Distance": {"fr": "The same word in French."},
    "Mouse": {"it pt fil": "The usual word for the computer mouse in these languages."},
    "Keyboard": {"fil": "The usual word in Filipino."},
    "Gamepad": {"da fil": "The usual word among Danish and Filipino players."},
    "Upgrades": {"de nl": "The usual word among German and Dutch players."},
    "Events": {"de": "The usual word among German Pokémon players."},
    "View": {"fil": "The Xbox button's name in the Philippines (sold in English)."},
    **{
        name: {
            "nl fil": "Pokémon games are sold in English in the Netherlands and the "
            "Philippines; these are the official type names players know."
        }
        for name in [
            "Fire",
            "Water",
            "Electric",
            "Grass",
            "Ice",
            "Fighting",
            "Ground",
            "Flying",
            "Psychic",
            "Bug",
            "Rock",
            "Ghost",
            "Dark",
            "Steel",
            "Fairy",
        ]
    },
}


def allowed_same(msgid: str, code: str) -> bool:
    return any(codes == "*" or code in codes.split() for codes in SAME_AS_ENGLISH.get(msgid, {}))


def _catalogue(code: str) -> list[polib.POEntry]:
    return [e for e in catalogues.read(catalogues.path_of(code)) if e.msgid and not e.obsolete]


def english_copies(code: str) -> list[str]:
    """Messages of one catalogue whose translation is the English text, not allowed."""
    found = []
    for entry in _catalogue(code):
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        same = any(form in (entry.msgid, entry.msgid_plural) for form in forms)
        if same and not allowed_same(entry.msgid, code):
            found.append(entry.msgid)
    return found


SKIPPED_TAGS = {"script", "style", "template"}
READ_ATTRIBUTES = ("alt", "aria-label", "title", "placeholder")
INLINE_TAGS = {"a", "strong", "em", "b", "i", "bdi", "span", "code", "abbr", "small", "time"}
VOID_TAGS = {"img", "input", "br", "hr", "meta", "link", "source", "wbr"}


class _VisibleText(Scanner):
    """Text a visitor sees or hears: body text plus alt, aria-label, title, placeholder."""

    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []
        self._skip = 0
        self._current: list[str] = []
        # Elements marked with another language (the switcher's "English", "Deutsch"…)
        # are right to be in that language.
        self._foreign: list[str] = []
        self._in_head = self._in_title = False

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in INLINE_TAGS:
            self._flush()
        if tag in SKIPPED_TAGS:
            self._skip += 1
        values = dict(attrs)
        if tag in ("head", "title"):
            setattr(self, f"_in_{tag}", True)
        if tag != "html" and values.get("lang"):
            self._foreign.append(tag)
            self._skip += 1
        if tag in VOID_TAGS:
            self.handle_endtag(tag)
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and not self._skip:
                self.chunks.append(value)

    def handle_endtag(self, tag) -> None:
        if tag in ("head", "title"):
            setattr(self, f"_in_{tag}", False)
        if tag in SKIPPED_TAGS:
            self._skip = max(0, self._skip - 1)
        if self._foreign and self._foreign[-1] == tag:
            self._foreign.pop()
            self._skip = max(0, self._skip - 1)
        if tag not in INLINE_TAGS:
            self._flush()

    def handle_data(self, data) -> None:
        # In <head> only the title is seen (the browser tab); meta tags are not shown.
        if not self._skip and (self._in_title or not self._in_head):
            self._current.append(data)

    def _flush(self) -> None:
        text = " ".join("".join(self._current).split())
        if text:
            self.chunks.append(text)
        self._current = []

    def close(self) -> None:
        super().close()
        self._flush()


def visible_text(html: str) -> list[str]:
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    return parser.chunks


_PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}|<[^>]+>")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# Function words common in English sentences and absent from the other Latin-script
# languages here ("of", "in", "is", "we", "die" are words in Dutch, Danish or German).
ENGLISH_MARKERS = frozenset(
    [
        "the",
        "and",
        "you",
        "your",
        "with",
        "this",
        "that",
        "from",
        "are",
        "have",
        "will",
        "what",
        "which",
        "when",
        "their",
        "they",
        "our",
        "there",
        "been",
        "were",
        "would",
        "could",
        "should",
        "into",
        "it's",
        "don't",
        "can't",
    ]
)


def normalize(text: str) -> str:
    return " ".join(_WORD.findall(_PLACEHOLDER.sub(" ", text).lower()))


def looks_english(text: str) -> bool:
    """A sentence of four or more words, a third of them English function words."""
    words = _WORD.findall(text.lower())
    if len(words) < 4:
        return False
    return sum(word in ENGLISH_MARKERS for word in words) * 3 >= len(words)


def _strings(value, path: str):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("slug", "url", "anchor", "allow", "kind", "id", "icon"):
                yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def game_content_english() -> dict[str, str]:
    """normalised English text of the game pages -> the content file it comes from."""
    found: dict[str, str] = {}
    for path in sorted((Path(settings.BASE_DIR) / "games" / "content").glob("*.json")):
        for _key, text in _strings(json.loads(path.read_text(encoding="utf-8")), ""):
            key = normalize(text)
            if key:
                found.setdefault(key, f"games/content/{path.name}")
    return found


class EnglishDetector:
    """Finds English on a page rendered in another language.

    A visible chunk is English when it equals an English message of the catalogues
    whose translation differs, equals English game-page content (either not allowed in
    ``SAME_AS_ENGLISH`` for the language), or is a
    sentence made mostly of English function words.
    """

    def __init__(self, proper_names: set[str]) -> None:
        self.proper_names = {normalize(name) for name in proper_names}
        self.content = game_content_english()
        self._messages: dict[str, dict[str, str]] = {}
        self._local: dict[str, set[str]] = {}
        self._english: dict[str, list[str]] | None = None

    def messages(self, code: str) -> dict[str, str]:
        """English messages (of every catalogue) that would be wrong on a page in code."""
        if code not in self._messages:
            local: set[str] = set()
            for entry in _catalogue(code):
                forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
                local.update(normalize(form) for form in forms)
            found = {}
            for key, msgids in self._english_messages().items():
                # A word that is also this language's translation of something is right.
                wrong = [msgid for msgid in msgids if not allowed_same(msgid, code)]
                if key not in local and wrong:
                    found[key] = wrong[-1]
            self._messages[code] = found
            self._local[code] = local
        return self._messages[code]

    def _english_messages(self) -> dict[str, list[str]]:
        """normalised msgid -> the msgids it stands for, over every language's catalogue
        (read once: the catalogues share their msgids)."""
        if self._english is None:
            self._english = {}
            for other, _name in settings.LANGUAGES:
                if other != "en":
                    for entry in _catalogue(other):
                        key = normalize(entry.msgid)
                        if not key:
                            continue
                        msgids = self._english.setdefault(key, [])
                        if entry.msgid not in msgids:
                            msgids.append(entry.msgid)
        return self._english

    def find(self, html: str, code: str) -> list[tuple[str, str]]:
        """(visible text, where the English comes from) for each English chunk."""
        messages = self.messages(code)
        found = []
        for chunk in visible_text(html):
            key = normalize(chunk)
            # One letter is a key cap ("A", "T"), the same on every keyboard.
            if (
                len(key) < 2
                or not any(char.isalpha() for char in key)
                or key in self.proper_names
                or key in self._local[code]
            ):
                continue
            if key in self.content and not allowed_same(chunk, code):
                found.append((chunk, self.content[key]))
            elif key in messages:
                found.append((chunk, "catalogue"))
            elif looks_english(chunk):
                found.append((chunk, "unknown"))
        return found
