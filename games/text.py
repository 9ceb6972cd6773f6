"""The small text format staff write in the admin: paragraphs separated by a blank
line, ``- `` bullet lists and ``**bold**``. Everything else is escaped, so no HTML
from a text field ever reaches the page."""

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

BOLD = re.compile(r"\*\*(.+?)\*\*")


def _inline(text: str) -> str:
    return BOLD.sub(r"<strong>\1</strong>", escape(text))


def render(text: str) -> SafeString:
    blocks = [
        b.strip("\n") for b in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip()) if b.strip()
    ]
    html = []
    for block in blocks:
        lines = [line.strip() for line in block.split("\n") if line.strip()]
        if lines and all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:].strip())}</li>" for line in lines)
            html.append(f"<ul>{items}</ul>")
        else:
            html.append(f"<p>{'<br>'.join(_inline(line) for line in lines)}</p>")
    return mark_safe("".join(html))


def plain(text: str) -> str:
    """The same text without markup, e.g. for JSON-LD answers."""
    text = BOLD.sub(r"\1", text)
    return re.sub(r"\s+", " ", text.replace("\n- ", "\n").removeprefix("- ")).strip()
