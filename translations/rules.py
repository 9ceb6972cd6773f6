"""What a translation may not do to its source text: change its placeholders, break its
formatting or add markup (docs/translations.md).

A ``%(name)s`` that becomes ``%(nom)s``, or a stray ``%``, raises when the string is
formatted (a 500 from ``{% blocktranslate %}`` or the API); markup the source does not
have ends up in the page, since Django marks the translations of template text safe.
These pure functions run when a translator saves (Rosetta, the admin) and when a
catalogue is built (``translations.catalogue``).
"""

import html
import re
from collections import Counter
from collections.abc import Callable, Iterable
from html.parser import HTMLParser

import nh3

# printf-style: %(name)s, %s, %d, %05.2f …; "%%" is a literal percent sign. No space flag
# and few conversions, so "50 % des" or "{percent}% of" are no placeholders.
PRINTF = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0+]*\d*(?:\.\d+)?(?P<kind>[sdifr])|%%")
# str.format-style: {name}, {0}, {name!r:>10}; "{{" and "}}" are literal braces.
BRACES = re.compile(
    r"\{\{|\}\}|\{(?P<name>[A-Za-z_0-9]*)[.\[\]A-Za-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}"
)
LITERAL = ("%%", "{{", "}}")


def placeholders(text: str, printf: bool = True) -> Counter[str]:
    """Named placeholders once each (repeating or reordering them is fine), positional
    ones as often as they occur. With ``printf=False`` a ``%`` is plain text (a source
    that is no format string: "50 % des joueurs" is then no placeholder)."""
    found = [m[0] for m in PRINTF.finditer(text)] if printf else []
    found += [m[0] for m in BRACES.finditer(text)]
    counts = Counter(name for name in found if name not in LITERAL)
    for name in counts:
        if _named(name):
            counts[name] = 1
    return counts


def is_format(msgid: str) -> bool:
    return bool(PRINTF.search(msgid))


def problems(text: str, msgid: str, msgid_plural: str = "") -> list[str]:
    """Codes of what ``text``, the translation of ``msgid`` or one plural form of
    ``msgid``/``msgid_plural``, breaks: ``placeholders``, ``percent``, ``braces``,
    ``markup``.

    Named placeholders must all be kept (their order may change), positional ones keep
    their number; a plural form may drop a named one (languages with one form often
    drop the count). The translation must then format as its source does, and its
    markup may only be the source's: its tags, with its attributes and their values.
    """
    if not text:
        return []
    sources = [source for source in (msgid, msgid_plural) if source]
    printf = any(is_format(source) for source in sources)
    theirs = placeholders(text, printf)
    allowed = Counter[str]()
    for source in sources:
        allowed |= placeholders(source, printf)
    if msgid_plural:
        positional = [name for name in allowed if not _named(name)]
        changed = bool(theirs - allowed) or any(theirs[n] != allowed[n] for n in positional)
    else:
        changed = theirs != allowed
    found: list[str] = []
    if changed:
        found.append("placeholders")
    elif printf and not _fills(lambda: text % _printf_values(sources)):
        found.append("percent")
    elif any(n.startswith("{") for n in allowed) and not _fills(
        lambda: _format_braces(text, sources)
    ):
        found.append("braces")
    if "<" in text and not _same_markup(text, sources):
        found.append("markup")
    return found


def entry_problems(msgid: str, msgid_plural: str, texts: Iterable[str]) -> list[str]:
    """The codes of :func:`problems` for each text of an entry (its plural forms)."""
    return sorted({code for text in texts for code in problems(text, msgid, msgid_plural)})


def _named(placeholder: str) -> bool:
    return "(" in placeholder or (placeholder.startswith("{") and placeholder != "{}")


def _fills(format_it: Callable[[], object]) -> bool:
    """Whether formatting succeeds: what fails here would fail on the page."""
    try:
        format_it()
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return False
    return True


def _sample(kind: str) -> object:
    # A number where the source formats one, text elsewhere: a translation that
    # formats text as a number fails here as it would on the page.
    return "x" if kind in "sr" else 1


def _printf_values(sources: list[str]) -> dict[str, object] | tuple[object, ...]:
    """What the code passes to ``%``: the named placeholders as a dict (as
    ``{% blocktranslate %}`` and our views do), or else the positional values."""
    matches = [m for source in sources for m in PRINTF.finditer(source) if m["kind"]]
    named = {m["name"]: _sample(m["kind"]) for m in matches if m["name"] is not None}
    if named or not matches:
        return named
    return tuple(_sample(m["kind"]) for m in PRINTF.finditer(sources[-1]) if m["kind"])


def _format_braces(text: str, sources: list[str]) -> str:
    names = [m["name"] for source in sources for m in BRACES.finditer(source)]
    keywords = {name: "x" for name in names if name and not name.isdigit()}
    return text.format(*["x"] * len(names), **keywords)


class _Markup(HTMLParser):
    """The tags of a text, each with the values its attributes take."""

    def __init__(self, texts: list[str]) -> None:
        super().__init__()
        self.tags: dict[str, dict[str, set[str]]] = {}
        for text in texts:
            self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = self.tags.setdefault(tag, {})
        for name, value in attrs:
            attributes.setdefault(name, set()).add(value or "")


def _same_markup(text: str, sources: list[str]) -> bool:
    """Whether nh3, allowing only the sources' tags with their attributes and values
    and no comments, leaves the text as it is (entities aside: "&" and "&amp;" are the
    same text)."""
    allowed = _Markup(sources).tags
    cleaned = nh3.clean(
        text,
        tags=set(allowed),
        attributes={"*": set()},
        tag_attribute_values=allowed,
        link_rel=None,
        strip_comments=True,
    )
    return html.unescape(cleaned) == html.unescape(text)


def explain(found: list[str], msgid: str) -> list[str]:
    """Translated, human messages for the codes of ``problems``."""
    from django.utils.translation import gettext as _

    messages = {
        "placeholders": _(
            # Translators: %(source)s is the English source text of the refused translation.
            "The translation of “%(source)s” was not saved: it must keep the "
            "placeholders of the source text exactly (%(placeholders)s)."
        ),
        "percent": _(
            # Translators: %(source)s is the English source text of the refused translation.
            "The translation of “%(source)s” was not saved: a percent sign that is "
            "not a placeholder must be written as %%%%."
        ),
        "braces": _(
            # Translators: %(source)s is the English source text of the refused translation.
            "The translation of “%(source)s” was not saved: a brace that is not a "
            "placeholder must be written twice ({{ or }})."
        ),
        "markup": _(
            # Translators: %(source)s is the English source text of the refused translation.
            "The translation of “%(source)s” was not saved: its HTML may only be "
            "that of the source text (the same tags and attributes, no comments)."
        ),
    }
    shown = " ".join(sorted(placeholders(msgid, is_format(msgid)))) or "—"
    return [messages[code] % {"source": msgid[:80], "placeholders": shown} for code in found]
