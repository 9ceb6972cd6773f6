"""Translations inside HTML attributes are escaped.

Django marks the translation of template text safe, so a quote in a translation used as
``content="…"`` or ``alt="…"`` would end the attribute and add its own
(``" http-equiv="refresh``). Every template of the site's apps is scanned: a
``{% translate %}`` inside an attribute value must end with ``|force_escape``, a
``{% blocktranslate %}`` must go through ``asvar``, and a variable that some template
binds to a translation (``{% translate … as title %}``) must be printed with
``|force_escape`` there.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(
    path
    for app in ("portal", "pages", "puzzle", "games", "translations")
    for path in (ROOT / app).rglob("*.html")
)
TOKEN = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.S)
MARK = re.compile(r"TPL(\d+)X")
BOUND = re.compile(
    r"\{%\s*(?:translate|trans)\b[^%]*\bas\s+(\w+)\s*%\}|\{%\s*blocktrans(?:late)?\b[^%]*\basvar\s+(\w+)"
)


def translated_names(texts: list[str]) -> set[str]:
    """Variables that any template binds to a translation."""
    return {
        name for text in texts for match in BOUND.finditer(text) for name in match.groups() if name
    }


class _Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.values: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.values += [value for _name, value in attrs if value]


def unescaped(text: str, names: set[str]) -> list[str]:
    """The template tags of ``text`` that print a translation, unescaped, inside an
    attribute value."""
    tokens: list[str] = []

    def mark(match: re.Match[str]) -> str:
        tokens.append(match[0])
        return f"TPL{len(tokens) - 1}X"

    parser = _Attributes()
    parser.feed(TOKEN.sub(mark, text))
    parser.close()
    found = []
    for value in parser.values:
        for index in MARK.findall(value):
            token = tokens[int(index)]
            inner = token[2:-2].strip()
            if inner.startswith(("translate ", "trans ")):
                bad = not re.search(r"\|\s*force_escape\s*$", inner) and " as " not in inner
            elif inner.startswith(("blocktranslate", "blocktrans")):
                bad = "asvar" not in inner.split()
            elif token.startswith("{{"):
                uses = set(re.findall(r"(?<![\w.:'\"|])(\w+)", inner)) | set(
                    re.findall(r":(\w+)", inner)
                )
                bad = bool(uses & names) and not re.search(r"\|\s*force_escape\s*$", inner)
            else:
                bad = False
            if bad:
                found.append(token)
    return found


def test_the_scan_finds_a_translation_printed_unescaped_in_an_attribute():
    names = {"description"}
    assert unescaped('<meta content="{% translate "A" %}">', names) == ['{% translate "A" %}']
    assert unescaped('<img alt="{% blocktranslate %}A{% endblocktranslate %}">', names)
    assert unescaped('<meta content="{{ description }}">', names) == ["{{ description }}"]
    assert unescaped('<meta content="{{ x|default:description }}">', names)


def test_the_scan_accepts_escaped_translations_and_text_outside_attributes():
    names = {"description"}
    assert unescaped('<img alt="{% translate "A"|force_escape %}">', names) == []
    assert unescaped('<meta content="{{ description|force_escape }}">', names) == []
    assert unescaped('<p title="{{ other }}">{% translate "A" %}</p>', names) == []
    assert unescaped('<a href="{% url "x" %}"{% if a %} class="b"{% endif %}>', names) == []


def test_it_finds_the_names_bound_to_translations():
    text = '{% translate "A" as title %}{% blocktranslate asvar label with n=1 %}x{% endblocktranslate %}'
    assert translated_names([text]) == {"title", "label"}


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_prints_a_translation_unescaped_in_an_attribute(path):
    # Includes share their context: a name bound in one template counts in all.
    names = translated_names([template.read_text(encoding="utf-8") for template in TEMPLATES])
    assert unescaped(path.read_text(encoding="utf-8"), names) == []
