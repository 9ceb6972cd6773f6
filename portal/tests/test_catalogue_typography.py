"""Typography the catalogues must keep in each language (docs/i18n.md): a label says
"per cent" once, and Chinese and Japanese put no space between a placeholder and the
characters around it."""

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

PLACEHOLDER = r"(?:\{\w+\}|%\(\w+\)[sd]|%[sd])"
# Han, kana, CJK punctuation and full-width forms.
CJK = r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"
# A space between a placeholder and a CJK character: "第 {number} 题", "正解は {name}
# でした". Neither language spaces words, and a name or number set in CJK text takes
# no space either.
SPACED = re.compile(rf"{CJK} {PLACEHOLDER}|{PLACEHOLDER} {CJK}")


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


@pytest.mark.parametrize("code", ["ja", "zh"])
def test_no_space_parts_a_placeholder_from_the_characters_around_it(code):
    spaced = [(msgid, text) for msgid, text in messages(code) if SPACED.search(text)]
    assert spaced == []


def test_the_checks_catch_what_they_are_for():
    assert LABEL_PERCENT.search("نسبة الفوز %")
    assert not LABEL_PERCENT.search("{percent}% من اللاعبين")
    assert not LABEL_PERCENT.search("%(value)s m")
    assert SPACED.search("正解は {name} でした。")
    assert SPACED.search("第 {number} 题")
    assert SPACED.search("问题 %(number)s 已保存")
    assert not SPACED.search("正解は{name}でした。")
    assert SPACED.search("%(name)s をプレイ")
    assert not SPACED.search("{name} (English)")
    assert not SPACED.search("今日の Pokéguess：第%(number)s問")
