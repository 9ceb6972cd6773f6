"""The key messages use the words of docs/glossary.md in every language."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from portal import catalogues

GLOSSARY = Path(settings.BASE_DIR) / "docs" / "glossary.md"
# The messages where each term must appear, in the words of the glossary.
USES = {
    "puzzle": ["Today's puzzle", "Puzzle archive", "Play puzzle #{number}"],
    "guess": ["Your guess", "Submit your guess"],
    "hint": ["Read the hints", "What the hints mean"],
    "silhouette": ["Silhouette of the mystery Pokémon"],
    "streak": ["Current streak", "Max streak"],
    "practice": [
        "Practise with the archive",
        "Practice puzzle: it does not change your statistics or streak.",
    ],
    "archive": ["Puzzle archive", "Practise with the archive"],
}


def glossary() -> dict[str, dict[str, list[str]]]:
    """term -> language -> stems (the bracketed stems, or the word itself).

    Reads the first table of the file: the key terms (the type and colour tables follow).
    """
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("| "):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows and not line.startswith("|"):
            break
    header, *body = rows
    table: dict[str, dict[str, list[str]]] = {}
    for row in body:
        term, *cells = row
        table[term] = {}
        for code, cell in zip(header[1:], cells, strict=True):
            match = re.search(r"\(([^)]*)\)", cell)
            stems = match.group(1).split(" / ") if match else [cell]
            table[term][code] = [stem.strip() for stem in stems]
    return table


TABLE = glossary()
CODES = [code for code, _name in settings.LANGUAGES if code != "en"]


def test_the_glossary_covers_every_language_and_term():
    for term in USES:
        assert set(TABLE[term]) == set(CODES), term


@pytest.mark.parametrize("code", CODES)
def test_key_messages_use_the_glossary_words(code):
    catalogue = catalogues.read(catalogues.path_of(code))
    wrong = []
    for term, msgids in USES.items():
        stems = TABLE[term][code]
        for msgid in msgids:
            text = catalogue.find(msgid).msgstr.casefold()
            if not any(stem.casefold() in text for stem in stems):
                wrong.append((term, msgid, catalogue.find(msgid).msgstr))
    assert wrong == []
