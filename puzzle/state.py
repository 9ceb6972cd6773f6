"""The JSON shapes of the game API (docs/design.md "API contract"), built from rows.

Before a game ends nothing here names the answer: hint rows describe the guessed
Pokémon only, and the answer appears once the game is won or lost.
"""

from datetime import datetime
from functools import lru_cache

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import get_language, override
from django.utils.translation import gettext_lazy as _

from portal import pagecache, versions
from puzzle import rules
from puzzle.models import COLORS, TYPES, DailyPuzzle, PlayerGame, Pokemon, PracticeRound, today

TYPE_LABELS = dict(TYPES)
COLOR_LABELS = dict(COLORS)


def _type_label(value: str) -> str:
    return str(TYPE_LABELS.get(value, value)) if value else ""


def _measure(template: str | Promise, value: float, lang: str) -> str:
    """A height or weight in the visitor's language: "0,7 m" in German, "0.7 м" in Russian."""
    with override(lang):
        return str(template) % {"value": number_format(f"{value:g}")}


@lru_cache(maxsize=4096)
def _labels(
    guess: Pokemon, lang: str, active: str | None, pokedex_version: int
) -> tuple[str, str, str, str, str, str]:
    """The translated parts of a guess's row: name, types, colour, height, weight.

    The same for every player who guesses this Pokémon in this language, so each worker
    builds them once (``pokedex_version`` and the catalogue reload keep them current).
    """
    return (
        guess.display_name(lang),
        _type_label(guess.type1),
        _type_label(guess.type2),
        str(COLOR_LABELS.get(guess.color, guess.color)),
        _measure(_("%(value)s m"), guess.height, lang),
        _measure(_("%(value)s kg"), guess.weight, lang),
    )


pagecache.forget_with_pages(_labels.cache_clear)


def hint_row(guess: Pokemon, answer: Pokemon, lang: str) -> dict[str, object]:
    results = rules.compare(guess.traits, answer.traits)
    name, type1, type2, color, height, weight = _labels(
        guess, lang, get_language(), versions.get("pokedex")
    )
    return {
        "name": name,
        "correct": guess.id == answer.id,
        "hints": [
            {"key": "type1", "value": guess.type1, "label": type1, "result": results["type1"]},
            {
                "key": "type2",
                "value": guess.type2 or "none",
                "label": type2,
                "result": results["type2"],
            },
            {
                "key": "generation",
                "value": guess.generation,
                "label": str(guess.generation),
                "result": results["generation"],
            },
            {
                "key": "stage",
                "value": guess.stage,
                "label": str(guess.stage),
                "result": results["stage"],
            },
            {"key": "color", "value": guess.color, "label": color, "result": results["color"]},
            {"key": "height", "value": guess.height, "label": height, "result": results["height"]},
            {"key": "weight", "value": guess.weight, "label": weight, "result": results["weight"]},
        ],
    }


def answer_info(pokemon: Pokemon, lang: str) -> dict[str, object]:
    return {
        "name": pokemon.display_name(lang),
        "name_en": pokemon.name_en,
        "artwork_url": pokemon.artwork_url,
        "types": [_type_label(t) for t in (pokemon.type1, pokemon.type2) if t],
        "generation": pokemon.generation,
    }


def mode_state(game: PlayerGame | PracticeRound, answer: Pokemon, lang: str) -> dict[str, object]:
    """Hard mode and the lifeline's letter, once taken (docs/game-modes.md)."""
    letter = rules.first_letter(answer.display_name(lang)) if game.lifeline_used else None
    return {"hard_mode": game.hard_mode, "lifeline": letter}


def game_state(puzzle: DailyPuzzle, game: PlayerGame | None, lang: str) -> dict[str, object]:
    if game is None:
        return {
            "status": PlayerGame.Status.PLAYING,
            "guesses": [],
            "practice": not puzzle.is_today,
            "hard_mode": False,
            "lifeline": None,
        }
    answer = puzzle.pokemon
    state: dict[str, object] = {
        "status": game.status,
        "guesses": [hint_row(g, answer, lang) for g in game.guessed],
        "practice": not game.counts_for_stats,
        **mode_state(game, answer, lang),
    }
    if game.finished:
        state["answer"] = answer_info(answer, lang)
    return state


def puzzle_payload(
    puzzle: DailyPuzzle, game: PlayerGame | None, now: datetime | None = None
) -> dict[str, object]:
    now = now or timezone.now()
    lang = get_language() or "en"
    return {
        "number": puzzle.number,
        "date": puzzle.date.isoformat(),
        "is_today": puzzle.date == today(),
        "attempts_allowed": rules.ATTEMPTS,
        "silhouette_url": reverse("puzzle_api:silhouette", args=[puzzle.number]),
        "next_puzzle_at": rules.next_puzzle_at(now).isoformat().replace("+00:00", "Z"),
        "state": game_state(puzzle, game, lang),
    }
