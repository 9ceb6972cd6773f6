"""What a translation may not change: its placeholders and its markup.

A ``%(name)s`` that becomes ``%(nom)s`` raises ``KeyError`` when the string is
formatted (a 500 from ``{% blocktranslate %}``); an added ``<script>`` or ``<a>`` ends
up in the page. Both rules are pure functions, used when a translator saves in Rosetta
and when the catalogues are loaded (see docs/translations.md).
"""

import re
from collections import Counter

# printf-style: %(name)s, %s, %d, %05.2f …; "%%" is a literal percent sign. No space flag
# and few conversions, so "50 % des" or "{percent}% of" are plain text.
PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0+]*\d*(?:\.\d+)?[sdifr]|%%")
# str.format-style: {name}, {0}, {name!r:>10}; "{{" and "}}" are literal braces.
BRACES = re.compile(r"\{\{|\}\}|\{[A-Za-z_0-9.\[\]]*(?:![rsa])?(?::[^{}]*)?\}")
TAG = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9-]*)")


def placeholders(text: str, printf: bool = True) -> Counter[str]:
    """Named placeholders once each (repeating or reordering them is fine), positional
    ones as often as they occur. With ``printf=False`` a ``%`` is plain text (a source
    that is no format string: "50 % des joueurs" is then no placeholder)."""
    found = [m for m in PRINTF.findall(text) if m != "%%"] if printf else []
    found += [m for m in BRACES.findall(text) if m not in ("{{", "}}")]
    counts = Counter(found)
    for name in counts:
        if "(" in name or (name.startswith("{") and name != "{}"):
            counts[name] = 1
    return counts


def is_format(msgid: str) -> bool:
    return bool(PRINTF.search(msgid))


def tags(text: str) -> set[str]:
    return {name.lower() for name in TAG.findall(text)}


def problems(msgid: str, msgstr: str) -> list[str]:
    """Codes of what the translation breaks: ``placeholders`` and/or ``markup``.

    Named placeholders must all be kept (their order may change); positional ones must
    keep their number. Markup may only use the tags the source uses.
    """
    if not msgstr:
        return []
    found: list[str] = []
    printf = is_format(msgid)
    if placeholders(msgid, printf) != placeholders(msgstr, printf):
        found.append("placeholders")
    if tags(msgstr) - tags(msgid):
        found.append("markup")
    return found


def plural_problems(msgid: str, msgid_plural: str, msgstr: str) -> list[str]:
    """A plural form may use the singular's or the plural's placeholders (languages
    with one form often drop the count from the singular)."""
    if not msgstr:
        return []
    found: list[str] = []
    printf = is_format(msgid) or is_format(msgid_plural)
    theirs = placeholders(msgstr, printf)
    # Dropping ``%(count)s`` from a form is allowed; adding or renaming one is not.
    allowed = placeholders(msgid, printf) | placeholders(msgid_plural, printf)
    if any(name not in allowed for name in theirs):
        found.append("placeholders")
    if tags(msgstr) - (tags(msgid) | tags(msgid_plural)):
        found.append("markup")
    return found


def explain(found: list[str], msgid: str) -> list[str]:
    """Translated, human messages for the codes of ``problems``."""
    from django.utils.translation import gettext as _

    shown = sorted(placeholders(msgid, is_format(msgid))) or ["—"]
    messages = []
    if "placeholders" in found:
        messages.append(
            _(
                "The translation of “%(source)s” was not saved: it must keep the "
                "placeholders of the source text exactly (%(placeholders)s)."
            )
            % {"source": msgid[:80], "placeholders": " ".join(shown)}
        )
    if "markup" in found:
        messages.append(
            _(
                "The translation of “%(source)s” was not saved: it adds HTML tags that the "
                "source text does not have."
            )
            % {"source": msgid[:80]}
        )
    return messages
