"""Pages of the daily game that are not the home page: the archive (practice) and a
shared result."""

import re

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from portal.public_cache import public_page
from puzzle import rules
from puzzle.island import STRINGS, game_island_context
from puzzle.models import launch_date, launched, today


@public_page
def archive(request: HttpRequest) -> HttpResponse:
    if not launched():
        context = {"first_puzzle_date": launch_date(), "past_puzzles": []}
        return render(request, "puzzle/archive.html", context)
    latest = rules.puzzle_number(today(), launch_date())
    past = [
        {"number": n, "date": rules.puzzle_date(n, launch_date())} for n in range(latest - 1, 0, -1)
    ]
    context = game_island_context(request, view="archive")
    context["past_puzzles"] = past
    return render(request, "puzzle/archive.html", context)


@public_page
def archive_puzzle(request: HttpRequest, number: int) -> HttpResponse:
    if not 1 <= number <= rules.puzzle_number(today(), launch_date()):
        raise Http404  # a future puzzle, or none
    context = game_island_context(request, view="archive", number=number)
    return render(request, "puzzle/archive_puzzle.html", context)


# A shared result in its link (frontend/lib/share.ts resultCode): the score (1-6, or x
# for a lost game), then a dash and one letter per hint cell for each guess.
RESULT_CODE = re.compile(r"([1-6x])((?:-[cpwhl]{7}){1,6})")
RESULTS = {"c": "correct", "p": "present", "w": "wrong", "h": "higher", "l": "lower"}
ICONS = {"correct": "✓", "present": "↔", "wrong": "✗", "higher": "↑", "lower": "↓"}
HINT_KEYS = ("type1", "type2", "generation", "stage", "color", "height", "weight")


def _filled(template: object, **values: object) -> str:
    """An island string ("Guess {used} of {total}") with its placeholders filled."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m[1], m[0])), str(template))


@public_page
def shared_result(request: HttpRequest, number: int, result: str) -> HttpResponse:
    """A result a player shared: their grid of hints, no names, and the way to play."""
    latest = rules.puzzle_number(today(), launch_date())
    code = RESULT_CODE.fullmatch(result)
    if not 1 <= number <= latest or code is None:
        raise Http404
    score, rows = code.group(1), code.group(2).split("-")[1:]
    won_in = len(rows) if rows[-1] == "c" * len(HINT_KEYS) else None
    if (score == "x") != (won_in is None) or (won_in and int(score) != won_in):
        raise Http404  # a score that its own grid contradicts
    grid = []
    for index, row in enumerate(rows, start=1):
        cells = [RESULTS[letter] for letter in row]
        spoken = ", ".join(
            f"{STRINGS[key]}: {STRINGS[cell]}" for key, cell in zip(HINT_KEYS, cells, strict=True)
        )
        label = _filled(STRINGS["attempts"], used=index, total=rules.ATTEMPTS)
        grid.append({"label": f"{label}: {spoken}", "cells": [(c, ICONS[c]) for c in cells]})
    context = {
        "puzzle_number": number,
        "score": score.upper(),
        "attempts": rules.ATTEMPTS,
        "grid": grid,
        "is_today": number == latest,
        "play_this": _filled(STRINGS["playPuzzle"], number=number),
    }
    return render(request, "puzzle/shared_result.html", context)
