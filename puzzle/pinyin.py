"""Pinyin of Chinese names, for the lifeline letter on Chinese pages (rules.first_letter).

pypinyin reads a character by the words around it (长毛 is cháng máo); its dictionaries
take tens of megabytes, so it is imported on the first Chinese lifeline, not with the
site.
"""

from collections.abc import Callable
from functools import cache

# Name beginnings pypinyin reads otherwise (every Chinese name of puzzle/data/pokedex.json
# was checked): 长 is cháng, "long", in every name, and Zamazenta's 藏 is zàng.
READINGS = {
    "长尾": [["cháng"], ["wěi"]],
    "长鼻": [["cháng"], ["bí"]],
    "长翅": [["cháng"], ["chì"]],
    "长耳": [["cháng"], ["ěr"]],
    "藏玛": [["zàng"], ["mǎ"]],
}


@cache
def _lazy_pinyin() -> Callable[..., list[str]]:
    from pypinyin import lazy_pinyin, load_phrases_dict

    load_phrases_dict(READINGS)
    return lazy_pinyin


def romanise(text: str) -> str:
    """``text`` in toneless pinyin, syllables run together (皮卡丘 → pikaqiu); other
    characters stay as they are."""
    return "".join(_lazy_pinyin()(text))
