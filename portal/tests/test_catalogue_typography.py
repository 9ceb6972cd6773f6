"""Typography the catalogues must keep in each language (docs/i18n.md): a label says
"per cent" once."""

import re

import pytest

from portal import catalogues

# A percent sign that labels a figure ("Win %"), not one after a number ("{percent}%").
LABEL_PERCENT = re.compile(r"(?<![\d}%])%(?![(\w%])")
# Words that already say "rate" or "per cent": with one of them, the sign says it twice.
RATE_WORDS = {
    "ar": "نسبة|معدل",
    "ja": "率|パーセント",
    "zh": "率|百分",
    "ko": "률|퍼센트",
    "hi": "प्रतिशत|दर",
    "th": "อัตรา|เปอร์เซ็นต์",
    "vi": "tỷ lệ|phần trăm",
    "ru": "процент|доля",
    "de": "prozent|quote",
    "fr": "pourcentage|taux",
    "es": "porcentaje|tasa",
    "pt": "porcentagem|taxa",
    "it": "percentuale|tasso",
}


def messages(code: str) -> list[tuple[str, str]]:
    found = []
    for entry in catalogues.read(catalogues.path_of(code)):
        if entry.obsolete or not entry.msgid:
            continue
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        found += [(entry.msgid, form) for form in forms if form]
    return found


@pytest.mark.parametrize("code", sorted(RATE_WORDS))
def test_a_label_says_per_cent_once(code):
    words = re.compile(RATE_WORDS[code], re.I)
    doubled = [
        (msgid, text)
        for msgid, text in messages(code)
        if LABEL_PERCENT.search(text) and words.search(text)
    ]
    assert doubled == []


def test_the_checks_catch_what_they_are_for():
    assert LABEL_PERCENT.search("نسبة الفوز %")
    assert not LABEL_PERCENT.search("{percent}% من اللاعبين")
    assert not LABEL_PERCENT.search("%(value)s m")
