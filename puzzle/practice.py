"""Endless practice: rounds on a random Pokémon, drawn and judged on the server.

The browser holds only the round's random id. Rounds never touch daily statistics or
streaks; they have their own small statistics (docs/game-modes.md).
"""

import hashlib
import hmac
import random
import secrets
from collections.abc import Iterable
from io import BytesIO

from django.conf import settings
from django.urls import reverse
from PIL import Image

from puzzle import rules, state
from puzzle.models import Player, Pokemon, PracticeRound
from puzzle.silhouette import render_silhouette

GENERATIONS = range(1, 10)
# A new round avoids the player's latest answers while enough others remain.
RECENT = 20


def parse_generations(value: object) -> list[int] | None:
    """The generation filter from a request body: any non-empty subset of 1–9.

    ``None`` or ``[]`` means every generation; anything else that is not a list of
    whole numbers between 1 and 9 is invalid (None is returned).
    """
    if value is None:
        return list(GENERATIONS)
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return None
    chosen = sorted(set(value))
    if not chosen:
        return list(GENERATIONS)
    if chosen[0] < GENERATIONS.start or chosen[-1] >= GENERATIONS.stop:
        return None
    return chosen


def draw(player: Player, generations: list[int]) -> Pokemon | None:
    """A random Pokémon with artwork from those generations, or None if there is none."""
    candidates = set(
        Pokemon.objects.in_pool().filter(generation__in=generations).values_list("id", flat=True)
    )
    if not candidates:
        return None
    recent = set(
        PracticeRound.objects.filter(player=player)
        .order_by("-started_at")
        .values_list("pokemon_id", flat=True)[:RECENT]
    )
    fresh = sorted(candidates - recent) or sorted(candidates)
    return Pokemon.objects.get(pk=secrets.choice(fresh))


def practice_stats(results: Iterable[bool]) -> dict:
    """Played, won and the best run of consecutive wins, from finished rounds in order."""
    played = won = run = best = 0
    for result in results:
        played += 1
        if result:
            won += 1
            run += 1
            best = max(best, run)
        else:
            run = 0
    return {"played": played, "won": won, "best_run": best, "current_run": run}


def silhouette(round_: PracticeRound) -> bytes:
    """The round's silhouette: the shared renderer, then a per-round size and position,
    so the image is no lookup key (neither into the artwork nor across rounds)."""
    rendered = render_silhouette(round_.pokemon.artwork_path())
    with Image.open(BytesIO(rendered)) as image:
        shape = image.convert("RGBA")
    key = hmac.new(settings.SECRET_KEY.encode(), round_.pk.bytes, hashlib.sha256).digest()
    rng = random.Random(key)  # noqa: S311 - a layout jitter, not a secret by itself
    box = shape.getbbox()
    if box is None:
        return rendered
    cut = shape.crop(box)
    scale = rng.uniform(0.82, 0.97)
    size = (max(1, round(cut.width * scale)), max(1, round(cut.height * scale)))
    cut = cut.resize(size, Image.Resampling.BICUBIC)
    canvas = Image.new("RGBA", shape.size, (0, 0, 0, 0))
    left = rng.randint(0, shape.width - cut.width)
    top = rng.randint(0, shape.height - cut.height)
    canvas.paste(cut, (left, top), cut)
    out = BytesIO()
    canvas.save(out, "PNG", optimize=True)
    return out.getvalue()


def round_payload(round_: PracticeRound, lang: str) -> dict:
    """The round in the API's shape: like a puzzle, with its id instead of a number."""
    answer = round_.pokemon
    game_state = {
        "status": round_.status,
        "guesses": [state.hint_row(g, answer, lang) for g in round_.guessed],
        "practice": True,
        **state.mode_state(round_, answer, lang),
    }
    if round_.finished:
        game_state["answer"] = state.answer_info(answer, lang)
    return {
        "round": str(round_.pk),
        "generations": round_.generations,
        "attempts_allowed": rules.ATTEMPTS,
        "silhouette_url": reverse("puzzle_api:practice_silhouette", args=[round_.pk]),
        "state": game_state,
    }
