"""Pages of the daily game that are not the home page: the archive (practice)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from portal.public_cache import public_page
from puzzle import rules
from puzzle.island import game_island_context
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
