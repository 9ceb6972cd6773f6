"""Pure game rules: name matching, trait comparison, puzzle calendar and daily choice.

Stdlib only (no Django), so it can be unit-tested and reused by build scripts.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from pathlib import Path

__all__ = [
    "ATTEMPTS",
    "CORRECT",
    "HIGHER",
    "LIFELINE_AFTER",
    "LOWER",
    "PRESENT",
    "WRONG",
    "REPEAT_GAP_DAYS",
    "NameIndex",
    "Result",
    "ScheduleConflict",
    "Traits",
    "accepted_names",
    "choose",
    "compare",
    "cycle_used",
    "first_letter",
    "hard_mode_violation",
    "next_puzzle_at",
    "normalize_name",
    "puzzle_date",
    "puzzle_number",
    "schedule_conflict",
    "utc_today",
]

ATTEMPTS = 6
# The lifeline (the answer's first letter) is offered after this many wrong guesses.
LIFELINE_AFTER = 3

# Scripts whose accents/diacritics are dropped (é -> e, ё -> е). Marks on any other
# script (kana dakuten, Thai vowels and tones, ...) are meaningful and kept.
_STRIP_MARK_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")
# ♀/♂ as the letters people type for them; the ligatures œ and æ as their letters
# (French keyboards rarely have œ: "Noeunoeuf" is Nœunœuf).
_FOLD = str.maketrans({"♀": "f", "♂": "m", "œ": "oe", "æ": "ae"})
# Hiragana (ぁ-ゖ, ゝゞ) typed for a katakana name: the same sounds, 0x60 code points apart.
_HIRAGANA_TO_KATAKANA = str.maketrans(
    {chr(c): chr(c + 0x60) for c in [*range(0x3041, 0x3097), 0x309D, 0x309E]}
)

# Traditional Chinese characters as their Simplified form (將 -> 将, 艷 and 豔 -> 艳): on
# /zh/ players in Taiwan and Hong Kong type Traditional names, whose variant characters
# differ from the data's. One table for the server and the client, generated from OpenCC
# (scripts/build_zh_fold.py).
ZH_FOLD_FILE = Path(__file__).resolve().parent / "data" / "zh-fold.json"
_ZH_FOLD = str.maketrans(json.loads(ZH_FOLD_FILE.read_text("utf-8")))


def _is_mark(char: str) -> bool:
    return unicodedata.category(char).startswith("M")


def _strips_marks(base: str | None) -> bool:
    if base is None or base.isascii() or not base.isalnum():
        return True
    return unicodedata.name(base, "").startswith(_STRIP_MARK_SCRIPTS)


# Keys remembered: every name of every language several times over, while a flood of
# made-up guesses can only push out the oldest.
NORMALIZED_MEMORY = 32768


@lru_cache(maxsize=NORMALIZED_MEMORY)
def normalize_name(text: str) -> str:
    """Return the comparison key of a name: no case, accents, punctuation or spaces.

    Latin/Greek/Cyrillic letters lose their diacritics; kana, Hangul, Thai and CJK keep
    every distinction (e.g. ガ stays different from カ). ♀/♂ become "f"/"m", œ/æ
    "oe"/"ae". The usual input forms meet the official spelling: hiragana is read as
    katakana, full-width and half-width forms as their plain letters (NFKD), Traditional
    Chinese characters as Simplified ones (仆刀將軍 -> 仆刀将军). The cases are shared with
    the autocomplete's normaliser (frontend/lib/normalize-cases.json).

    Keys are remembered: an index is built from about 20,000 names, most of them the
    same in several languages, and players type the same guesses all day.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_HIRAGANA_TO_KATAKANA))
    kept: list[str] = []
    base: str | None = None
    for char in decomposed:
        if _is_mark(char):
            if not _strips_marks(base):
                kept.append(char)
        else:
            base = char
            kept.append(char)
    recomposed = unicodedata.normalize("NFC", "".join(kept)).casefold()
    recomposed = recomposed.translate(_FOLD).translate(_ZH_FOLD)
    return "".join(c for c in recomposed if c.isalnum() or _is_mark(c))


def isolate(text: str) -> str:
    """``text`` bidi-isolated (first strong isolate … pop directional isolate), to put a
    name or what a player typed into a translated sentence: "Mime Jr." keeps its full
    stop at its end inside Arabic, and an Arabic name keeps its order inside English."""
    return f"\u2068{text}\u2069"


def accepted_names(value: object) -> list[str]:
    """The usable names in a stored "other accepted names" value.

    The admin stores a list of strings, but a row written another way may hold any
    JSON: a lone string counts as one name, anything else that is not a string is
    ignored, so one bad row never breaks guessing for everyone.
    """
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [item.strip() for item in items if isinstance(item, str) and item.strip()]


SUGGESTION_MEMORY = 4096  # suggestions an index remembers before it starts afresh


class NameIndex:
    """Lookup of species ids by any of their (multilingual) names."""

    def __init__(
        self,
        entries: Iterable[tuple[int, Iterable[str]]],
        labels: Mapping[int, str] | None = None,
    ) -> None:
        """``labels`` names each species in suggestions (the page language's name);
        without one, a suggestion is the spelling that came closest."""
        self._ids: dict[str, int] = {}
        self._display: dict[str, str] = {}
        self._labels: Mapping[int, str] = labels or {}
        for pokemon_id, names in entries:
            for name in names:
                key = normalize_name(name)
                if key and key not in self._ids:
                    self._ids[key] = pokemon_id
                    self._display[key] = name
        # Recent suggestions, since each compares the text with every name and the same
        # misspellings come back all day. The index is rebuilt when names change, and
        # this memory with it.
        self._suggested: dict[tuple[str, int], list[str]] = {}

    def __len__(self) -> int:
        return len(self._ids)

    def match(self, text: str) -> int | None:
        """Return the id whose normalized name equals the normalized text, else None."""
        return self._ids.get(normalize_name(text))

    def suggest(self, text: str, limit: int = 1) -> list[str]:
        """Return up to `limit` display names closest to the text, one per species."""
        key = normalize_name(text)
        if not key or limit < 1:
            return []
        known = self._suggested.get((key, limit))
        if known is not None:
            return list(known)
        seen: set[int] = set()
        result: list[str] = []
        candidates = difflib.get_close_matches(key, self._ids, n=len(self._ids), cutoff=0.6)
        for candidate in candidates:
            pokemon_id = self._ids[candidate]
            if pokemon_id in seen:
                continue
            seen.add(pokemon_id)
            result.append(self._labels.get(pokemon_id) or self._display[candidate])
            if len(result) == limit:
                break
        if len(self._suggested) >= SUGGESTION_MEMORY:
            self._suggested.clear()
        self._suggested[(key, limit)] = result
        return list(result)


class Result:
    """Per-trait comparison outcomes (plain strings, JSON friendly)."""

    CORRECT = "correct"
    PRESENT = "present"
    WRONG = "wrong"
    HIGHER = "higher"  # the answer's value is higher than the guessed one
    LOWER = "lower"  # the answer's value is lower than the guessed one


CORRECT = Result.CORRECT
PRESENT = Result.PRESENT
WRONG = Result.WRONG
HIGHER = Result.HIGHER
LOWER = Result.LOWER

_NO_TYPE = "none"


@dataclass(frozen=True)
class Traits:
    """The comparable traits of one species."""

    types: tuple[str, ...]
    generation: int
    stage: int
    color: str
    height: float
    weight: float


def _type_slots(types: Sequence[str]) -> tuple[str, str]:
    first = types[0] if len(types) > 0 else _NO_TYPE
    second = types[1] if len(types) > 1 else _NO_TYPE
    return first, second


def _compare_slot(guess: str, answer: str, answer_other: str) -> str:
    if guess == answer:
        return CORRECT
    if guess == answer_other:
        return PRESENT
    return WRONG


def _compare_number(guess: float, answer: float) -> str:
    if answer == guess:
        return CORRECT
    return HIGHER if answer > guess else LOWER


def compare(guess: Traits, answer: Traits) -> dict[str, str]:
    """Compare a guess with the answer, trait by trait."""
    g1, g2 = _type_slots(guess.types)
    a1, a2 = _type_slots(answer.types)
    return {
        "type1": _compare_slot(g1, a1, a2),
        "type2": _compare_slot(g2, a2, a1),
        "generation": _compare_number(guess.generation, answer.generation),
        "stage": _compare_number(guess.stage, answer.stage),
        "color": CORRECT if guess.color == answer.color else WRONG,
        "height": _compare_number(guess.height, answer.height),
        "weight": _compare_number(guess.weight, answer.weight),
    }


def hard_mode_violation(
    candidate: Traits, earlier: Iterable[Traits], answer: Traits
) -> tuple[int, str] | None:
    """Hard mode: a guess must fit every hint shown so far (docs/game-modes.md).

    The candidate fits when it could still be the answer: judged against each earlier
    guess it would give exactly the hints the real answer gave. Returns the index of
    the first earlier guess and the first hint key it contradicts, or None.
    """
    for index, guess in enumerate(earlier):
        shown = compare(guess, answer)
        if_candidate = compare(guess, candidate)
        for key, result in shown.items():
            if if_candidate[key] != result:
                return index, key
    return None


# Thai vowels written before the consonant they follow in speech (เ แ โ ใ ไ).
_THAI_LEADING_VOWELS = frozenset("\u0e40\u0e41\u0e42\u0e43\u0e44")
# Hangul syllables (가-힣) are numbered initial by initial: 21 vowels times 28 finals each.
_HANGUL_FIRST, _HANGUL_LAST, _HANGUL_PER_INITIAL = 0xAC00, 0xD7A3, 21 * 28
# The 19 initial consonants in that order, as the compatibility jamo people write alone.
_CHOSEONG = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"


def _is_han(char: str) -> bool:
    return unicodedata.name(char, "").startswith("CJK ")  # unified or compatibility


def first_letter(name: str, romanise: Callable[[str], str] | None = None) -> str:
    """The lifeline: the first letter or digit of a name (Mr. Mime → M), upper-cased,
    made meaningful in each script (docs/i18n.md "The lifeline letter").

    - Thai: the first consonant: a vowel written before it (โพรีกอน → พ) is said after
      it, and five such vowels would say almost nothing about the name.
    - Korean: the initial consonant (초성) of the first syllable (피카츄 → ㅍ): a whole
      syllable is a third of most names.
    - Chinese: with ``romanise`` (text to pinyin, given by the caller on Chinese pages),
      the first letter of the first character's pinyin (皮卡丘 → P): a character is a
      third of most names. Without it a character stays itself.
    - Kana stays the first kana (ピカチュウ → ピ)."""
    text = unicodedata.normalize("NFC", name)
    for index, char in enumerate(text):
        if not char.isalnum() or char in _THAI_LEADING_VOWELS:
            continue
        if _HANGUL_FIRST <= ord(char) <= _HANGUL_LAST:
            return _CHOSEONG[(ord(char) - _HANGUL_FIRST) // _HANGUL_PER_INITIAL]
        if romanise is not None and _is_han(char):
            latin = romanise(text[index:])[:1]
            if latin.isascii() and latin.isalpha():
                return latin.upper()
        return char.upper()
    return name[:1]


def puzzle_number(day: date, launch: date) -> int:
    """Return the 1-based puzzle number of a day (launch day is #1)."""
    return (day - launch).days + 1


def puzzle_date(number: int, launch: date) -> date:
    """Return the day of a puzzle number (inverse of puzzle_number)."""
    return launch + timedelta(days=number - 1)


def _require_aware(now: datetime) -> None:
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be a timezone-aware datetime")


def utc_today(now: datetime) -> date:
    """Return the UTC calendar day of an aware datetime."""
    _require_aware(now)
    return now.astimezone(UTC).date()


def next_puzzle_at(now: datetime) -> datetime:
    """Return the next 00:00 UTC strictly after `now`, as an aware UTC datetime."""
    tomorrow = utc_today(now) + timedelta(days=1)
    return datetime.combine(tomorrow, time(0, 0), tzinfo=UTC)


def cycle_used(history: Sequence[int], pool: Collection[int]) -> set[int]:
    """Return the pool ids already used in the current cycle of the history."""
    pool_set = set(pool)
    used: set[int] = set()
    for pokemon_id in history:
        if pokemon_id in pool_set:
            used.add(pokemon_id)
            if used >= pool_set:
                used = set()
    return used


def choose(pool: Collection[int], used: Collection[int], day: date, seed: str) -> int:
    """Deterministically pick the day's id among the pool ids not used yet."""
    if not pool:
        raise ValueError("cannot choose from an empty pool")
    pool_set = set(pool)
    available = sorted(pool_set - set(used)) or sorted(pool_set)
    digest = hashlib.sha256(f"{seed}:{day.isoformat()}".encode()).hexdigest()
    return available[int(digest, 16) % len(available)]


REPEAT_GAP_DAYS = 30  # fewest days between two puzzles of one Pokémon chosen by staff


@dataclass(frozen=True)
class ScheduleConflict:
    """Why staff cannot schedule a Pokémon for a day, and the puzzle in the way."""

    NOT_IN_POOL = "not_in_pool"
    TOO_CLOSE = "too_close"
    SAME_CYCLE = "same_cycle"

    reason: str
    day: date | None = None


def schedule_conflict(
    pokemon_id: int,
    day: date,
    puzzles: Iterable[tuple[date, int]],
    pool: Collection[int],
    gap: int = REPEAT_GAP_DAYS,
) -> ScheduleConflict | None:
    """Check a staff choice of ``pokemon_id`` for ``day`` against the other puzzles
    ((date, Pokémon id), released or scheduled). The Pokémon must be in the pool, at
    least ``gap`` days from any other puzzle of it, and unused in the cycle that
    ``day`` belongs to (every pool Pokémon comes once before any repeats)."""
    if pokemon_id not in pool:
        return ScheduleConflict(ScheduleConflict.NOT_IN_POOL)
    ordered = sorted((d, p) for d, p in puzzles if d != day)
    for other_day, other_id in ordered:
        if other_id == pokemon_id and abs((other_day - day).days) < gap:
            return ScheduleConflict(ScheduleConflict.TOO_CLOSE, other_day)
    before = [(d, p) for d, p in ordered if d < day]
    if pokemon_id in cycle_used([p for _d, p in before], pool):
        last = max(d for d, p in before if p == pokemon_id)
        return ScheduleConflict(ScheduleConflict.SAME_CYCLE, last)
    return None
