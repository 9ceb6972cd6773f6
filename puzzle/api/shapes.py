"""The API's answers built from rows, in the shapes of ``puzzle.api.schemas``.

Before a game ends nothing here names the answer: hint rows describe the guessed
Pokémon only, and the answer appears once the game is won or lost.
"""

import hashlib
import hmac
from datetime import datetime, timedelta

from django.conf import settings
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from puzzle import pokedex, rules
from puzzle.models import COLORS, TYPES, DailyPuzzle, Game, PlayerGame, Pokemon, PracticeRound

TYPE_LABELS = dict(TYPES)
COLOR_LABELS = dict(COLORS)


def _type_label(value: str) -> str:
    return str(TYPE_LABELS.get(value, value)) if value else ""


def _measure(template: Promise, value: float) -> str:
    """A height or weight in the active language: "0,7 m" in German, "0.7 м" in Russian."""
    return str(template) % {"value": number_format(f"{value:g}")}


def height_label(value: float) -> str:
    """A height as hint cells show it (and the help's example cells)."""
    # Translators: a height and a weight in a hint cell; %(value)s is the number,
    # already formatted. Keep the unit short (a no-break space before it is added).
    return _measure(_("%(value)s m"), value)


def weight_label(value: float) -> str:
    """A weight as hint cells show it (and the help's example cells)."""
    # Translators: as the height, in kilograms.
    return _measure(_("%(value)s kg"), value)


def hint_row(guess: Pokemon, answer: Pokemon, lang: str) -> dict[str, object]:
    results = rules.compare(guess.traits, answer.traits)
    values: dict[str, tuple[str | float, str]] = {
        "type1": (guess.type1, _type_label(guess.type1)),
        "type2": (guess.type2 or "none", _type_label(guess.type2)),
        "generation": (guess.generation, str(guess.generation)),
        "stage": (guess.stage, str(guess.stage)),
        "color": (guess.color, str(COLOR_LABELS.get(guess.color, guess.color))),
        "height": (guess.height, height_label(guess.height)),
        "weight": (guess.weight, weight_label(guess.weight)),
    }
    return {
        "name": guess.display_name(lang),
        "correct": guess.id == answer.id,
        "hints": [
            {"key": key, "value": value, "label": label, "result": results[key]}
            for key, (value, label) in values.items()
        ],
    }


def game_state(game: Game | None, answer: Pokemon, lang: str, practice: bool) -> dict:
    if game is None:
        return {
            "status": Game.Status.PLAYING,
            "guesses": [],
            "practice": practice,
            "hard_mode": False,
            "lifeline": None,
            "lifeline_offered": False,
        }
    state: dict[str, object] = {
        "status": game.status,
        "guesses": [hint_row(g, answer, lang) for g in pokedex.in_order(game.guesses)],
        "practice": practice,
        "hard_mode": game.hard_mode,
        "lifeline": game.lifeline or None,
        "lifeline_offered": not (game.finished or game.lifeline)
        and game.attempts >= rules.LIFELINE_AFTER,
    }
    if game.finished:
        state["answer"] = {
            "name": answer.display_name(lang),
            "name_en": answer.name_en,
            "artwork_url": answer.artwork_url,
            "types": [_type_label(t) for t in (answer.type1, answer.type2) if t],
            "generation": answer.generation,
        }
    return state


def silhouette_stamp(puzzle: DailyPuzzle, answer: Pokemon) -> str:
    """Names the bytes of a puzzle's silhouette in its URL, which is cached as immutable.

    It changes with the answer's artwork (an upload gets a new file name, clearing it
    none, the bundled file is the other case) and says nothing about the answer: a
    digest keyed with the server's secret (docs/security.md "The silhouette is no
    lookup key") and the day, so it can neither be computed from the public artwork nor
    matched with another day's puzzle of the same Pokémon."""
    artwork = f"{answer.has_default_artwork}:{answer.artwork.name}"
    message = f"pokeguess.silhouette-url.v1:{puzzle.date.isoformat()}:{artwork}".encode()
    secret = settings.SILHOUETTE_SECRET
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:16]


def silhouette_url(puzzle: DailyPuzzle, answer: Pokemon) -> str:
    url = reverse("api:silhouette", args=[puzzle.number])
    return f"{url}?v={silhouette_stamp(puzzle, answer)}"


def puzzle(puzzle: DailyPuzzle, game: PlayerGame | None, lang: str, now: datetime) -> dict:
    answer = pokedex.get(puzzle.pokemon_id)
    assert answer is not None, "a puzzle's answer is in the Pokédex"
    is_today = puzzle.date == rules.utc_today(now)
    counts = game.counts_for_stats if game else is_today
    state = game_state(game, answer, lang, practice=not counts)
    if is_today and game is not None and game.finished and puzzle.number > 1:
        state["yesterday"] = yesterday(puzzle, game, lang)
    return {
        "number": puzzle.number,
        "date": puzzle.date,
        "is_today": is_today,
        "attempts_allowed": rules.ATTEMPTS,
        "silhouette_url": silhouette_url(puzzle, answer),
        "next_puzzle_at": rules.next_puzzle_at(now),
        "state": state,
    }


def yesterday(puzzle: DailyPuzzle, game: PlayerGame, lang: str) -> dict:
    """For the end of today's game: yesterday's puzzle number, and its answer only when
    this player finished it (else it waits in the archive, unspoiled)."""
    finished = (
        PlayerGame.objects.filter(
            player_id=game.player_id,
            puzzle__date=puzzle.date - timedelta(days=1),
            status__in=[Game.Status.WON, Game.Status.LOST],
        )
        .values_list("puzzle__pokemon_id", flat=True)
        .first()
    )
    answer = pokedex.get(finished) if finished else None
    return {"number": puzzle.number - 1, "name": answer.display_name(lang) if answer else None}


def practice(round_: PracticeRound, lang: str) -> dict:
    """A round, like a puzzle with its id instead of a number."""
    answer = pokedex.get(round_.pokemon_id)
    assert answer is not None, "a round's answer is in the Pokédex"
    return {
        "round": round_.pk,
        "generations": round_.generations,
        "attempts_allowed": rules.ATTEMPTS,
        "silhouette_url": reverse("api:practice_silhouette", args=[round_.pk]),
        "state": game_state(round_, answer, lang, practice=True),
    }
