"""Catalogue entries whose translation is the English text copied (docs/i18n.md).

``translation_status`` counts them and the suite refuses them, except the words of a
short, reviewed allow-list that really are the same in that language. The check of
rendered pages for English (tests/english_on_pages.py) reads the same list.
"""

import polib

from portal import catalogues

# msgid -> {language codes (or "*" for all): reason}. Only words that are genuinely the
# same in that language: names, brands, numbers and established loanwords.
SAME_AS_ENGLISH: dict[str, dict[str, str]] = {
    "Pokémon": {"*": "Brand name, written the same in every Latin-script edition."},
    "Pokéguess #{number}": {"*": "Site name and a number (the share card title)."},
    "Pokéguess #%(number)s: %(score)s/%(attempts)s": {"*": "Site name, number and a score."},
    "id": {"*": "Technical identifier column in the admin."},
    "{guesses}: {games}": {"*": "Only placeholders and punctuation."},
    "#{number}": {"*": "The number sign where a language writes a number so (not Nr., n°, №)."},
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
    "status": {"da nl no": "'Status' is the word in these languages."},
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


def entries(code: str) -> list[polib.POEntry]:
    return [e for e in catalogues.read(catalogues.path_of(code)) if e.msgid and not e.obsolete]


def english_copies(code: str) -> list[str]:
    """Messages of one catalogue whose translation is the English text, not allowed."""
    found = []
    for entry in entries(code):
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        same = any(form in (entry.msgid, entry.msgid_plural) for form in forms)
        if same and not allowed_same(entry.msgid, code):
            found.append(entry.msgid)
    return found
