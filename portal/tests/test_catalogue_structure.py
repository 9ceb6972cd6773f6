"""What translators need in every catalogue (docs/translations.md): no stale entries,
where each message is used, a comment on every placeholder and a context on every word
that means two things."""

import re

import pytest

from portal import catalogues

CODES = catalogues.languages()

# Words that mean two things in English (a noun or a verb, a state or a figure, a type
# or a colour or a plain adjective): each must carry a context saying which one it is.
AMBIGUOUS = {
    "Guess", "Guesses", "Stage", "Played", "New", "Share", "Close", "Switch",
    "Won", "Lost", "Playing", "Finished", "won", "lost", "playing", "correct", "wrong",
    "Typed", "Times", "Range", "Medium", "Light", "Dark",
    # Pokémon types
    "Normal", "Fire", "Water", "Electric", "Grass", "Ice", "Fighting", "Poison", "Ground",
    "Flying", "Psychic", "Bug", "Rock", "Ghost", "Dragon", "Steel", "Fairy",
    # Pokédex colours
    "Black", "Blue", "Brown", "Grey", "Green", "Pink", "Purple", "Red", "White", "Yellow",
}  # fmt: skip
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")
# Names that must reach a message as a placeholder (puzzle.island.EXAMPLE_POKEMON, the
# pokemon_name template tag), never written in it.
POKEMON = ["Bulbasaur", "Zubat", "Pichu", "Pikachu", "Raichu", "Snorlax", "Gengar"]


def entries(code: str):
    return list(catalogues.read(catalogues.path_of(code)))


@pytest.mark.parametrize("code", CODES)
def test_no_obsolete_or_unused_entries(code):
    found = entries(code)
    assert [e.msgid for e in found if e.obsolete] == []
    assert [e.msgid for e in found if not e.occurrences] == []


@pytest.mark.parametrize("code", CODES)
def test_every_placeholder_is_explained_to_translators(code):
    missing = [
        e.msgid
        for e in entries(code)
        if PLACEHOLDER.search(e.msgid) and "Translators:" not in e.comment
    ]
    assert missing == []


@pytest.mark.parametrize("code", CODES)
def test_every_ambiguous_word_has_a_context(code):
    assert [e.msgid for e in entries(code) if e.msgid in AMBIGUOUS and not e.msgctxt] == []


@pytest.mark.parametrize("code", CODES)
def test_no_message_asks_to_translate_a_pokemon_name(code):
    named = [e.msgid for e in entries(code) if any(name in e.msgid for name in POKEMON)]
    assert named == []
