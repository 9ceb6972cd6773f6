"""One voice per language: every message and every game page uses the glossary's words
and the language's register (docs/glossary.md).

Each test lists every fault it finds, with the language and the English text, so that a
translator can fix a language in one go.
"""

import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings

from portal import catalogues
from portal.tests.test_glossary import CODES, GLOSSARY, TABLE

CONTENT = Path(settings.BASE_DIR) / "games" / "content"

# The glossary's terms as the English text writes them, with every inflection.
ENGLISH = {
    "puzzle": r"puzzles?",
    "guess": r"guess(?:es|ed|ing)?",
    "hint": r"hints?",
    "silhouette": r"silhouettes?",
    "streak": r"streaks?",
    "practice": r"practi[cs](?:e|es|ed|ing)",
    "archive": r"archives?",
}


def other_forms() -> dict[str, dict[str, list[str]]]:
    """term -> language -> the stems of "Other forms the check accepts" in the glossary."""
    text = GLOSSARY.read_text(encoding="utf-8").split("### Other forms the check accepts")[1]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("| ")
    ]
    header, *body = rows
    return {
        term: {
            code: [stem.strip() for stem in cell.split(" / ") if stem.strip() not in {"", "—"}]
            for code, cell in zip(header[1:], cells, strict=True)
        }
        for term, *cells in body
    }


OTHER_FORMS = other_forms()


def stems_of(term: str, code: str) -> list[str]:
    return TABLE[term][code] + OTHER_FORMS.get(term, {}).get(code, [])


# Messages where the English word is not the site's term, per term. Keep it short: every
# entry says why.
EXCEPTIONS: dict[str, set[str]] = {
    # Only placeholders: the words come from other messages.
    "guess": {"{guesses}: {games}"},
    # A field label: the "hint" is the short text shown under a game's frame.
    "hint": {"hint under the frame"},
}

# Fields of a game page that are not prose: identifiers, addresses, search keywords.
NOT_PROSE = {"slug", "url", "ref", "anchor", "kind", "seo_keywords", "allow", "height"}


def mid_sentence(pattern: str) -> Callable[[str], list[str]]:
    """The capitalised polite pronouns (German Sie, Danish De…), which at the start of a
    sentence are ordinary words (they, she, the)."""
    compiled = re.compile(rf"\b(?:{pattern})\b")

    def find(text: str) -> list[str]:
        found = []
        for match in compiled.finditer(text):
            before = text[: match.start()].rstrip(" \u00a0«„\"'(*#-")
            if before and before[-1] not in ".!?:…\n":
                found.append(match.group())
        return found

    return find


def words(pattern: str, flags: int = re.IGNORECASE) -> Callable[[str], list[str]]:
    compiled = re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", flags)
    return lambda text: [match.group() for match in compiled.finditer(text)]


def anywhere(pattern: str) -> Callable[[str], list[str]]:
    """A word of a script written without spaces between words (CJK, Thai) or one whose
    marks \\w does not take for letters (Devanagari): found wherever it stands."""
    compiled = re.compile(pattern)
    return lambda text: compiled.findall(text)


def korean_formal(text: str) -> list[str]:
    """-습니다, -십시오 and the -ㅂ니다 of 합니다, 입니다 (the site speaks 해요체)."""
    found = re.findall(r"\w*(?:습니다|습니까|십시오)", text)
    for match in re.finditer(r"(\w*?)(\w)(니다|니까)", text):
        syllable = match.group(2)
        if "가" <= syllable <= "힣" and (ord(syllable) - 0xAC00) % 28 == 17:
            found.append(match.group())
    return sorted(set(found))


def french_vous(text: str) -> list[str]:
    """vous, votre, vos, and the imperative in -ez that opens a sentence (Saisissez…)."""
    found = words(r"vous|votre|vos")(text)
    found += re.findall(r"(?:^|(?<=[.!?:] ))[A-ZÉ]\w+ez\b|\b\w+ez-(?:la|le|les|en|moi)\b", text)
    return [word for word in found if word.casefold() not in {"chez", "assez"}]


# The wrong register in each language (docs/glossary.md, "Register").
REGISTER: dict[str, Callable[[str], list[str]]] = {
    "fr": french_vous,
    "ru": lambda text: (
        words(r"вы|вас|вам|вами|ваш\w*")(text)
        # The imperative of вы that opens a sentence (Введите, Выберите).
        + re.findall(r"(?:^|(?<=[.!?:;] ))[А-ЯЁ]\w+(?:ите|йте|ьте)\b", text)
    ),
    "de": mid_sentence(r"Sie|Ihr|Ihre[mnrs]?|Ihnen"),
    "es": words(r"usted(?:es)?"),
    "it": mid_sentence(r"Lei|Suo|Sua|Suoi|Sue|La sua|Le sue"),
    "pl": words(r"pan|pani|pana|panu|panem|państwo|państwa|pańsk\w*"),
    "ko": korean_formal,
    # Devanagari vowel signs are not word characters for \b: look at letters instead.
    "hi": words(r"तुम्हार[ाीे]|तुम्हें|तुम|तेर[ाीे]|तू", 0),
    "nl": words(r"u|uw|uzelf", 0),
    "da": mid_sentence(r"De|Dem|Deres"),
    "no": mid_sentence(r"De|Dem|Deres"),
}

# Words the glossary rejects. With a term, only in messages whose English uses the term
# (German "Tipp" is fine for a tip, wrong for a guess); without one, anywhere.
# A third field names a term that makes the word right again (a German message about
# guesses and tips may speak of Tipps for the tips).
FORBIDDEN: list[tuple[str, str | None, str | None, Callable[[str], list[str]], str]] = [
    ("de", "guess", "tip", words(r"Tipps?|tippen|getippt"), "a guess is a Versuch"),
    ("pl", None, None, words(r"typuj\w*|typowa\w*"), "a guess is a próba, not a typ"),
    ("pl", "guess", "type", words(r"typ\w*"), "a guess is a próba; typ is a Pokémon type"),
    ("ru", None, None, words(r"покемон\w*", 0), "Покемон is written with a capital"),
    ("ja", "guess", None, anywhere(r"予想|推測"), "a guess is a 回答"),
    ("ja", "streak", None, anywhere(r"連勝"), "the streak is 連続記録"),
    ("ko", "guess", None, anywhere(r"추측"), "a guess is a 답"),
    ("hi", "guess", None, anywhere(r"अनुमान"), "a guess is an अंदाज़ा"),
    ("hi", None, None, anywhere(r"अभ्यास|यादृच्छिक|वर्तनी"), "प्रैक्टिस, रैंडम, स्पेलिंग"),
    ("hi", "streak", None, anywhere(r"लगातार जीत"), "the streak is स्ट्रीक"),
    ("th", "type", None, anywhere(r"ธาตุ"), "a Pokémon type is ประเภท, not an element"),
    ("th", "streak", None, anywhere(r"ชนะติดกัน|ชนะต่อเนื่อง"), "the streak is สตรีค"),
    # Arabic has no official names: the English ones, as the game shows them.
    ("ar", None, None, anywhere(r"بيكاتشو|بولباسور|بلباسور|تشارماندر|سكويرتل"), "names"),
    ("ar", None, None, anywhere(r"يُرجى|يرجى"), "requests speak to the player directly"),
]
TERM_PATTERNS = {**ENGLISH, "type": r"types?", "tip": r"tips?"}


def mentions(term: str, english: str) -> bool:
    return re.search(rf"\b{TERM_PATTERNS[term]}\b", english, re.IGNORECASE) is not None


def clean(text: str) -> str:
    """The words of a message: no placeholders or tags, NFC (a stem matches whichever way
    the accent was typed)."""
    text = re.sub(r"%\(\w+\)[sd]|\{\w*\}|<[^>]+>", " ", text)
    return unicodedata.normalize("NFC", text)


def catalogue_pairs(code: str) -> Iterator[tuple[str, str]]:
    """(English, translation) for every translated message of a language."""
    for entry in catalogues.read(catalogues.path_of(code)):
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            english = f"{entry.msgid} | {entry.msgid_plural}"
            forms = [form for form in entry.msgstr_plural.values() if form]
            if forms:
                yield english, " | ".join(forms)
        elif entry.msgstr:
            yield entry.msgid, entry.msgstr


def content_pairs(code: str) -> Iterator[tuple[str, str]]:
    """(English, translation) for every prose field of every game page."""

    def walk(english: object, translated: object, key: str) -> Iterator[tuple[str, str]]:
        if key in NOT_PROSE:
            return
        if isinstance(english, dict) and isinstance(translated, dict):
            for name, value in translated.items():
                yield from walk(english.get(name), value, name)
        elif isinstance(english, list) and isinstance(translated, list):
            for pair in zip(english, translated, strict=False):
                yield from walk(*pair, key)
        elif isinstance(english, str) and isinstance(translated, str) and translated:
            yield english, translated

    for path in sorted((CONTENT / "i18n" / code).glob("*.json")):
        english = json.loads((CONTENT / path.name).read_text(encoding="utf-8"))
        translated = json.loads(path.read_text(encoding="utf-8"))
        yield from walk(english, translated, "")


def terminology(code: str, pairs: Iterator[tuple[str, str]]) -> list[str]:
    wrong = []
    for english, translation in pairs:
        text = clean(translation).casefold()
        for term, pattern in ENGLISH.items():
            if english in EXCEPTIONS.get(term, set()):
                continue
            if not re.search(rf"\b{pattern}\b", english, re.IGNORECASE):
                continue
            stems = stems_of(term, code)
            if not any(clean(stem).casefold() in text for stem in stems):
                wrong.append(f"{code} {term} ({' / '.join(stems)}): {english!r} -> {translation!r}")
    return wrong


def voice(code: str, pairs: Iterator[tuple[str, str]]) -> list[str]:
    wrong = []
    for english, translation in pairs:
        text = clean(translation)
        if code in REGISTER and (found := REGISTER[code](text)):
            wrong.append(f"{code} register {found}: {english!r} -> {translation!r}")
        for language, term, unless, find, why in FORBIDDEN:
            if language != code or (term and not mentions(term, english)):
                continue
            if unless and mentions(unless, english):
                continue
            if found := find(text):
                wrong.append(f"{code} {found} ({why}): {english!r} -> {translation!r}")
    return wrong


def report(wrong: list[str]) -> str:
    return f"{len(wrong)} to fix:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", CODES)
def test_every_message_uses_the_glossary_words(code):
    wrong = terminology(code, catalogue_pairs(code))
    assert not wrong, report(wrong)


@pytest.mark.parametrize("code", CODES)
def test_every_message_speaks_the_language_register(code):
    wrong = voice(code, catalogue_pairs(code))
    assert not wrong, report(wrong)


@pytest.mark.parametrize("code", CODES)
def test_every_game_page_speaks_the_language_register(code):
    wrong = voice(code, content_pairs(code))
    assert not wrong, report(wrong)


def test_the_voice_rules_name_known_languages():
    assert set(REGISTER) <= set(CODES)
    assert {language for language, *_rest in FORBIDDEN} <= set(CODES)


@pytest.mark.parametrize(
    ("code", "english", "translation", "found"),
    [
        ("fr", "Reload the page.", "Rechargez la page.", True),
        ("fr", "Compare with friends.", "Comparez vos séries.", True),
        ("fr", "Reload the page.", "Recharge la page, chez toi.", False),
        ("de", "Your guess", "Ihr Versuch", False),
        ("de", "Enter your name", "Geben Sie Ihren Namen ein", True),
        ("ru", "Enter a number", "Введите число", True),
        ("ru", "Send JSON", "Отправьте JSON.", True),
        ("ru", "Enter a number", "Введи число на сайте", False),
        ("ko", "Too many", "너무 많습니다", True),
        ("ko", "Try again", "다시 해 보세요", False),
        ("da", "They play", "De spiller. Tak til Dem", True),
        ("pl", "Your guess", "Twój typ", True),
        ("pl", "First type", "Pierwszy typ", False),
        ("pl", "You guess Pikachu", "Typujesz Pikachu", True),
        ("de", "Tips and guesses", "Tipps und Versuche", False),
        ("ru", "Pokémon", "покемон", True),
        ("ru", "Pokémon", "Покемон", False),
    ],
)
def test_the_voice_rules_find_the_wrong_words(code, english, translation, found):
    assert bool(voice(code, iter([(english, translation)]))) is found


def test_a_term_needs_the_glossary_word_or_an_accepted_form():
    assert terminology("fr", iter([("Next puzzle", "Énigme suivante")]))
    assert not terminology("fr", iter([("Next puzzle", "Défi suivant")]))
    assert not terminology("fr", iter([("Guess the Pokémon", "Devine le Pokémon")]))


def typography(code: str, text: str) -> list[str]:
    """French spaces its double marks with a no-break space; Russian quotes «like this»,
    Polish „like this”. Straight double quotes are left to code examples ({"name": …})."""
    text = clean(text)
    if code == "fr":
        return re.findall(r"\S [;:!?»]|« \S|\w[;!?»]|«\w", text)
    prose = re.sub(r"\{[^}]*\}", " ", text)
    if code == "ru":
        return re.findall(r"[„“”]|\"\w", prose)
    if code == "pl":
        return re.findall(r"[«»“]|\"\w", prose)
    return []


@pytest.mark.parametrize("code", ["fr", "ru", "pl"])
def test_quotes_and_spaces_follow_the_language(code):
    pairs = [*catalogue_pairs(code), *content_pairs(code)]
    wrong = [
        f"{code} {found}: {translation!r}"
        for _english, translation in pairs
        if (found := typography(code, translation))
    ]
    assert not wrong, report(wrong)


@pytest.mark.parametrize(
    ("code", "text", "found"),
    [
        ("fr", "Prêt ? Joue !", True),
        ("fr", "Prêt\u00a0? Joue\u00a0!", False),
        ("fr", "« Deviner »", True),
        ("fr", "«\u00a0Deviner\u00a0» : 00:00 UTC", True),
        ("fr", "«\u00a0Deviner\u00a0»\u00a0: 00:00 UTC", False),
        ("ru", "кнопка “Угадать”", True),
        ("ru", 'кнопка «Угадать», JSON: {"name": "…"}', False),
        ("pl", "przycisk «Zgadnij»", True),
        ("pl", "przycisk „Zgadnij”", False),
    ],
)
def test_the_typography_rules_find_the_wrong_marks(code, text, found):
    assert bool(typography(code, text)) is found
