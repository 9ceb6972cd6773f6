"""JSON API of the daily game (DESIGN "API contract").

Plain ``JsonResponse`` views. Every 4xx body is ``{"error": {"code", "message"}}`` with
a stable code and a translated message. Writes are CSRF-protected and rate limited
per player and per IP through the configured cache.
"""

import hashlib
import json
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import activate, get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.core import is_ratelimited

from portal import languages
from portal.compression import compressed
from puzzle import guesses, memory, names, players, state
from puzzle.models import DailyPuzzle, PlayerGame, today
from puzzle.silhouette import render_silhouette
from puzzle.stats import FinishedGame, player_stats, results_summary

MAX_BODY = 2048
MAX_NAME = 60


def error(status: int, code: str, message: str, **extra) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message, **extra}}, status=status)


def not_found() -> JsonResponse:
    return error(404, "puzzle_not_found", _("There is no puzzle with this number yet."))


def api_language(view: Callable) -> Callable:
    """API URLs carry no prefix: the language comes from ``?lang=`` or the cookie."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        code = languages.normalize(request.GET.get("lang")) or languages.normalize(
            request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        )
        activate(code or languages.DEFAULT)
        response = view(request, *args, **kwargs)
        response.headers.setdefault("Content-Language", get_language())
        return response

    return wrapper


def _game_for(request: HttpRequest, puzzle: DailyPuzzle) -> PlayerGame | None:
    pid = players.player_id(request)
    if pid is None:
        return None
    return PlayerGame.objects.filter(player_id=pid, puzzle=puzzle).first()


@require_GET
@never_cache
@api_language
def puzzle_today(request: HttpRequest) -> JsonResponse:
    puzzle = memory.puzzle_for_date(today())
    payload = state.puzzle_payload(puzzle, _game_for(request, puzzle))
    # Pages carry no token (a CDN caches them): the island takes it from here.
    return JsonResponse({**payload, "csrf_token": get_token(request)})


@require_GET
@never_cache
@api_language
def puzzle_detail(request: HttpRequest, number: int) -> JsonResponse:
    puzzle = memory.puzzle_for_number(number)
    if puzzle is None:
        return not_found()
    payload = state.puzzle_payload(puzzle, _game_for(request, puzzle))
    return JsonResponse({**payload, "csrf_token": get_token(request)})


def _rate_limited(request: HttpRequest) -> bool:
    if not settings.RATELIMIT_ENABLE:
        return False
    by_ip = is_ratelimited(request, group="guess-ip", key="ip", rate="120/m", increment=True)
    pid = players.player_id(request)
    by_player = pid is not None and is_ratelimited(
        request, group="guess-player", key=lambda _g, _r: str(pid), rate="30/m", increment=True
    )
    return by_ip or by_player


@require_POST
@never_cache
@api_language
def make_guess(request: HttpRequest, number: int) -> JsonResponse:
    if _rate_limited(request):
        return error(429, "rate_limited", _("Too many guesses at once. Please wait a moment."))
    if len(request.body) > MAX_BODY:
        return error(413, "payload_too_large", _("That request is too large."))
    try:
        payload = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        payload = None
    text = payload.get("name") if isinstance(payload, dict) else None
    if not isinstance(text, str):
        return error(400, "invalid_request", _('Send your guess as JSON: {"name": "…"}.'))
    text = text.strip()
    if not text:
        return error(400, "empty_guess", _("Type the name of a Pokémon first."))
    if len(text) > MAX_NAME:
        return error(400, "name_too_long", _("That name is too long for a Pokémon."))

    puzzle = memory.puzzle_for_number(number)
    if puzzle is None:
        return not_found()

    lang = get_language() or languages.DEFAULT
    index = names.index_for(lang)
    pokemon_id = index.match(text)
    if pokemon_id is None:
        suggestions = index.suggest(text, limit=1)
        if suggestions:
            message = _("“%(text)s” is not a Pokémon we know. Did you mean %(suggestion)s?") % {
                "text": text,
                "suggestion": suggestions[0],
            }
        else:
            message = _("“%(text)s” is not a Pokémon we know. Check the spelling.") % {"text": text}
        return error(422, "unknown_pokemon", message, suggestions=suggestions)

    guess = memory.pokemon(pokemon_id)
    now = timezone.now()
    outcome = guesses.record(players.player_id(request), puzzle, guess, now)
    player, game = outcome.player, outcome.game
    if outcome.result == "finished":
        response = error(
            409, "game_over", _("This puzzle is finished. Come back for the next one!")
        )
    elif outcome.result == "duplicate":
        response = error(
            409,
            "duplicate_guess",
            _("You already guessed %(name)s. It did not use an attempt.")
            % {"name": guess.display_name(lang)},
        )
    else:
        row = state.hint_row(guess, puzzle.pokemon, lang)
        response = JsonResponse(
            {"guess": row, **state.puzzle_payload(puzzle, game, now)}, status=201
        )
    players.remember_player(response, player)
    return response


@require_GET
@never_cache
@api_language
def puzzle_results(request: HttpRequest, number: int) -> JsonResponse:
    puzzle = DailyPuzzle.for_number(number)
    if puzzle is None:
        return not_found()
    game = _game_for(request, puzzle)
    if game is None or not game.finished:
        return error(403, "not_finished", _("Finish this puzzle to see how everyone else did."))
    finished = PlayerGame.objects.filter(
        puzzle=puzzle,
        counts_for_stats=True,
        status__in=[PlayerGame.Status.WON, PlayerGame.Status.LOST],
    ).values_list("status", "guesses")
    summary = results_summary((s == PlayerGame.Status.WON, len(g)) for s, g in finished)
    return JsonResponse({"number": puzzle.number, **summary})


@require_GET
@never_cache
@api_language
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


@require_GET
@compressed
@api_language
def pokemon_names(request: HttpRequest) -> HttpResponse:
    lang = get_language() or languages.DEFAULT
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
    patch_cache_control(response, public=True, max_age=86400)
    return response


@require_GET
def silhouette(request: HttpRequest, number: int) -> HttpResponse:
    puzzle = memory.puzzle_for_number(number)
    if puzzle is None:
        return HttpResponse(status=404)
    pokemon = puzzle.pokemon
    key = f"puzzle:silhouette:{puzzle.number}:{pokemon.pk}:{pokemon.artwork.name or 'bundled'}"
    data = cache.get(key)
    if data is None:
        data = render_silhouette(pokemon.artwork_path())
        cache.set(key, data, timeout=60 * 60 * 24 * 7)
    response = HttpResponse(data, content_type="image/png")
    # A released puzzle's Pokémon never changes (only future dates can be scheduled).
    patch_cache_control(response, public=True, max_age=60 * 60 * 24 * 365, immutable=True)
    return response
