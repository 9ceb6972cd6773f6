"""JSON API of the daily game (docs/design.md "API contract").

Plain ``JsonResponse`` views under one decorator (``puzzle.decorators.api_view``). Every
error body is ``{"error": {"code", "message"}}`` (``puzzle.errors``) with a stable code
and a translated message. Writes are CSRF-protected and rate limited per player and per
client through the shared ``ratelimit`` cache (``puzzle.ratelimits``).
"""

import hashlib
import json
import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from portal import languages
from portal.compression import compressed
from portal.public_cache import depends_on_url_only
from puzzle import guesses, memory, modes, names, players, ratelimits, rules, state
from puzzle.decorators import api_view
from puzzle.errors import ApiError, error, too_many_requests
from puzzle.models import (
    DailyPuzzle,
    PlayerGame,
    Pokemon,
    RefusedName,
    launch_date,
    launched,
    today,
)
from puzzle.payload import invalid_request, read_json
from puzzle.results import puzzle_results_summary
from puzzle.silhouette import render_puzzle_silhouette
from puzzle.stats import FinishedGame, player_stats

MAX_NAME = 60
# Control characters (NUL among them) cannot be typed into a name, and PostgreSQL's text
# columns refuse NUL: a pasted or forged one counts as a space.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def not_found() -> JsonResponse:
    return error(404, "puzzle_not_found", _("There is no puzzle with this number yet."))


def not_launched() -> JsonResponse:
    first = launch_date()
    message = _("The first puzzle arrives on %(date)s.") % {
        "date": date_format(first, "DATE_FORMAT")
    }
    return error(404, "not_launched", message, launch_date=first.isoformat())


def game_for(request: HttpRequest, puzzle: DailyPuzzle) -> PlayerGame | None:
    """This request's player's game of ``puzzle``, if they have one (one query)."""
    pid = players.player_id(request)
    if pid is None:
        return None
    return PlayerGame.objects.filter(player_id=pid, puzzle=puzzle).first()


@api_view("GET")
def puzzle_today(request: HttpRequest) -> JsonResponse:
    if not launched():
        return not_launched()
    puzzle = memory.puzzle_for_date(today())
    payload = state.puzzle_payload(puzzle, game_for(request, puzzle))
    # Pages carry no token (a CDN caches them): the island takes it from here.
    return JsonResponse({**payload, "csrf_token": get_token(request)})


@api_view("GET")
def puzzle_detail(request: HttpRequest, number: int) -> JsonResponse:
    puzzle = memory.puzzle_for_number(number)
    if puzzle is None:
        return not_found()
    payload = state.puzzle_payload(puzzle, game_for(request, puzzle))
    return JsonResponse({**payload, "csrf_token": get_token(request)})


def _player_key(request: HttpRequest) -> str | None:
    pid = players.player_id(request)
    return str(pid) if pid else None


def guess_payload(request: HttpRequest) -> tuple[str, dict]:
    """The name typed and the whole JSON object of a guess (daily or practice); raises
    :class:`ApiError` (400, 413, 415) for anything else."""
    payload = read_json(request)
    if not isinstance(payload, dict):
        raise invalid_request()
    text = payload.get("name")
    if not isinstance(text, str):
        raise invalid_request()
    text = _CONTROL.sub(" ", text).strip()
    if not text:
        raise ApiError(400, "empty_guess", _("Type the name of a Pokémon first."))
    if len(text) > MAX_NAME:
        raise ApiError(400, "name_too_long", _("That name is too long for a Pokémon."))
    return text, payload


def unknown_name(index: rules.NameIndex, text: str) -> JsonResponse:
    """422 for a name the game does not know, with the closest name in this language."""
    suggestions = index.suggest(text, limit=1)
    if suggestions:
        message = _("“%(text)s” is not a Pokémon we know. Did you mean %(suggestion)s?") % {
            "text": text,
            "suggestion": suggestions[0],
        }
    else:
        message = _("“%(text)s” is not a Pokémon we know. Check the spelling.") % {"text": text}
    return error(422, "unknown_pokemon", message, suggestions=suggestions)


def guess_not_taken(
    result: guesses.Result, refusal: str | None, guess: Pokemon, lang: str, over: str
) -> JsonResponse | None:
    """The error for a guess that spent no attempt (``over``: the game-over message), or
    None when it was added."""
    if result == "finished":
        return error(409, "game_over", over)
    if result == "duplicate":
        return error(
            409,
            "duplicate_guess",
            _("You already guessed %(name)s. It did not use an attempt.")
            % {"name": guess.display_name(lang)},
        )
    if result == "refused":
        return error(422, "hard_mode_violation", refusal or "")
    return None


@api_view("POST")
def make_guess(request: HttpRequest, number: int) -> JsonResponse:
    text, payload = guess_payload(request)
    puzzle = memory.puzzle_for_number(number)
    if puzzle is None:
        return not_found()

    lang = get_language() or languages.DEFAULT
    index = names.index_for(lang)
    pokemon_id = index.match(text)
    # Junk (unknown names) and real guesses have separate budgets (docs/security.md).
    budget = "junk" if pokemon_id is None else "guess"
    if ratelimits.hit(request, budget, _player_key(request)):
        if budget == "junk":
            return too_many_requests(_("Too many unknown names at once. Please wait a moment."))
        return too_many_requests(_("Too many guesses at once. Please wait a moment."))
    if pokemon_id is None:
        RefusedName.record(puzzle, text)
        return unknown_name(index, text)

    guess = memory.pokemon(pokemon_id)
    assert guess is not None, "the names index is built from the same Pokédex"
    now = timezone.now()
    outcome = guesses.record(
        players.player_id(request),
        puzzle,
        guess,
        now,
        language=lang,
        # The mode is chosen with the first guess and kept for the game.
        hard_mode=payload.get("hard_mode") is True,
        refuse=lambda game, pokemon: modes.hard_mode_refusal(game, pokemon, lang),
    )
    game = outcome.game
    over = _("This puzzle is finished. Come back for the next one!")
    response = guess_not_taken(outcome.result, outcome.refusal, guess, lang, over)
    if response is None:
        row = state.hint_row(guess, puzzle.pokemon, lang)
        response = JsonResponse(
            {"guess": row, **state.puzzle_payload(puzzle, game, now)}, status=201
        )
    players.remember_player(response, outcome.player, request)
    return response


@api_view("GET")
def puzzle_results(request: HttpRequest, number: int) -> JsonResponse:
    puzzle = DailyPuzzle.for_number(number)
    if puzzle is None:
        return not_found()
    game = game_for(request, puzzle)
    if game is None or not game.finished:
        return error(403, "not_finished", _("Finish this puzzle to see how everyone else did."))
    return JsonResponse({"number": puzzle.number, **puzzle_results_summary(puzzle)})


@api_view("GET")
def player_statistics(request: HttpRequest) -> JsonResponse:
    pid = players.player_id(request)
    games = []
    if pid is not None:
        rows = PlayerGame.objects.filter(
            player_id=pid,
            counts_for_stats=True,
            status__in=[PlayerGame.Status.WON, PlayerGame.Status.LOST],
        ).values_list("puzzle__date", "status", "guesses")
        games = [FinishedGame(day, s == PlayerGame.Status.WON, len(g)) for day, s, g in rows]
    return JsonResponse(player_stats(games, today()))


@api_view("DELETE")
def erase_player(request: HttpRequest) -> HttpResponse:
    """Forget this player: every game, statistic and streak, and the cookie naming them."""
    player = players.current_player(request)
    if player is not None:
        player.delete()
    response = HttpResponse(status=204)
    players.forget_player(response)
    return response


@api_view("GET", cacheable=True)
@compressed
def pokemon_names(request: HttpRequest) -> HttpResponse:
    # Publicly cached: the language comes from the URL alone, never from the cookie.
    lang = languages.normalize(request.GET.get("lang")) or languages.DEFAULT
    version = names.data_version()
    body = json.dumps(
        {"lang": lang, "version": version, "names": names.names_for(lang, version)},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    response["Content-Language"] = lang
    patch_cache_control(response, public=True, max_age=86400)
    return depends_on_url_only(response)


@api_view("GET", cacheable=True)
def silhouette(request: HttpRequest, number: int) -> HttpResponse:
    puzzle = memory.puzzle_for_number(number)
    if puzzle is None:
        return not_found()
    pokemon = puzzle.pokemon
    key = f"puzzle:silhouette:v2:{puzzle.number}:{pokemon.pk}:{pokemon.artwork.name or 'bundled'}"
    data = cache.get(key)
    if data is None:
        # Varied by a server secret, so the image is no lookup key into public artwork.
        data = render_puzzle_silhouette(
            pokemon.artwork_path(), settings.SILHOUETTE_SECRET, puzzle.date
        )
        cache.set(key, data, timeout=60 * 60 * 24 * 7)
    response = HttpResponse(data, content_type="image/png")
    # A released puzzle's Pokémon never changes (only future dates can be scheduled).
    patch_cache_control(response, public=True, max_age=60 * 60 * 24 * 365, immutable=True)
    return response
