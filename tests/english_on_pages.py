"""English that reaches a page rendered in another language (docs/i18n.md, "Quality
checks"): a test tool, used by portal/tests/test_catalogue_quality.py.

A visible chunk is English when it is an English message of the catalogues or English
game-page content (unless ``portal.catalogue_quality.SAME_AS_ENGLISH`` allows it in
that language), or a sentence made mostly of English function words.
"""

import json
import re
from pathlib import Path

from django.conf import settings

from portal.catalogue_quality import allowed_same, entries
from tests.htmlscan import Scanner

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
        # are right to be in that language; not text that is only there because the
        # page's language has none (data-fallback, portal/templatetags/translated.py).
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
        if tag != "html" and values.get("lang") and "data-fallback" not in values:
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
            for entry in entries(code):
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
                    for entry in entries(other):
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
