"""JSON views of the other ways to play (docs/game-modes.md): the lifeline and endless
practice rounds. Same shapes and error style as ``puzzle.api``; writes are
CSRF-protected and rate limited."""

import uuid

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from portal import languages
from puzzle import guesses, memory, modes, names, players, practice, state
from puzzle.api import game_for, guess_not_taken, guess_payload, not_found, unknown_name
from puzzle.decorators import api_view
from puzzle.errors import error
from puzzle.models import DailyPuzzle, PlayerGame, PracticeRound
from puzzle.payload import read_json

LIFELINE_AFTER = 3  # wrong guesses before the lifeline is offered


def _body(request: HttpRequest) -> dict | JsonResponse:
    """The JSON object sent (415, 413 and 400 as for every API write, docs/security.md)."""
    if not request.body and request.content_type != "application/json":
        return {}  # a bodiless POST (start a round with the defaults)
    payload = read_json(request)
    if not isinstance(payload, dict):
        return error(400, "invalid_request", _("Send a JSON object."))
    return payload


def _lifeline_refusal(game: PlayerGame | PracticeRound | None) -> JsonResponse | None:
    if game is not None and game.finished:
        return error(409, "game_over", _("This puzzle is finished. Come back for the next one!"))
    if game is None or len(game.guesses) < LIFELINE_AFTER:
        return error(
            409,
            "lifeline_not_available",
            _("The hint becomes available after your third wrong guess."),
        )
    return None


@api_view("POST")
def daily_lifeline(request: HttpRequest, number: int) -> JsonResponse:
    """Reveal the first letter of the answer's name; the share text marks it."""
    puzzle = DailyPuzzle.for_number(number)
    if puzzle is None:
        return not_found()
    game = game_for(request, puzzle)
    refusal = _lifeline_refusal(game)
    if refusal is not None:
        return refusal
    assert game is not None  # refused above
    PlayerGame.objects.filter(pk=game.pk).update(lifeline_used=True)
    game.lifeline_used = True
    game.puzzle = puzzle
    return JsonResponse(state.puzzle_payload(puzzle, game, timezone.now()))


def _lang() -> str:
    return get_language() or languages.DEFAULT


def _round_not_found() -> JsonResponse:
    return error(404, "round_not_found", _("This practice round does not exist. Start a new one."))


def _round_for(request: HttpRequest, round_id: uuid.UUID) -> PracticeRound | None:
    pid = players.player_id(request)
    if pid is None:
        return None
    return (
        PracticeRound.objects.select_related("pokemon").filter(pk=round_id, player_id=pid).first()
    )


@api_view("POST", budget="practice-start")
def practice_start(request: HttpRequest) -> JsonResponse:
    """Start a round on a random Pokémon from the chosen generations."""
    payload = _body(request)
    if isinstance(payload, JsonResponse):
        return payload
    generations = practice.parse_generations(payload.get("generations"))
    if generations is None:
        return error(400, "invalid_generations", _("Choose generations as numbers from 1 to 9."))
    player = players.get_or_create_player(request)
    pokemon = practice.draw(player, generations)
    if pokemon is None:
        response = error(
            422,
            "no_pokemon",
            _("No Pokémon from these generations can be drawn yet. Choose other generations."),
        )
    else:
        round_ = PracticeRound.objects.create(
            player=player,
            pokemon=pokemon,
            generations=generations,
            hard_mode=payload.get("hard_mode") is True,
        )
        response = JsonResponse(practice.round_payload(round_, _lang()), status=201)
    players.remember_player(response, player, request)
    return response


@api_view("GET")
def practice_detail(request: HttpRequest, round_id: uuid.UUID) -> JsonResponse:
    round_ = _round_for(request, round_id)
    if round_ is None:
        return _round_not_found()
    return JsonResponse(practice.round_payload(round_, _lang()))


@api_view("POST", budget="practice-guess")
def practice_guess(request: HttpRequest, round_id: uuid.UUID) -> JsonResponse:
    text, _payload = guess_payload(request)
    if _round_for(request, round_id) is None:
        return _round_not_found()

    lang = _lang()
    index = names.index_for(lang)
    pokemon_id = index.match(text)
    guess = memory.pokemon(pokemon_id) if pokemon_id is not None else None
    if guess is None:
        return unknown_name(index, text)
    with transaction.atomic():
        round_ = (
            PracticeRound.objects.select_for_update()
            .select_related("pokemon")
            .filter(pk=round_id)
            .first()
        )
        if round_ is None:  # erased meanwhile
            return _round_not_found()
        result, refusal = guesses.apply(
            round_,
            guess,
            timezone.now(),
            lambda game, pokemon: modes.hard_mode_refusal(game, pokemon, lang),
        )
    over = _("This round is finished. Play another one!")
    response = guess_not_taken(result, refusal, guess, lang, over)
    if response is not None:
        return response
    row = state.hint_row(guess, round_.pokemon, lang)
    return JsonResponse({"guess": row, **practice.round_payload(round_, lang)}, status=201)


@api_view("POST")
def practice_lifeline(request: HttpRequest, round_id: uuid.UUID) -> JsonResponse:
    round_ = _round_for(request, round_id)
    if round_ is None:
        return _round_not_found()
    refusal = _lifeline_refusal(round_)
    if refusal is not None:
        return refusal
    PracticeRound.objects.filter(pk=round_.pk).update(lifeline_used=True)
    round_.lifeline_used = True
    return JsonResponse(practice.round_payload(round_, _lang()))


@api_view("GET", cacheable=True)
def practice_silhouette(request: HttpRequest, round_id: uuid.UUID) -> HttpResponse:
    round_ = _round_for(request, round_id)
    if round_ is None:
        return _round_not_found()
    key = f"puzzle:practice-silhouette:{round_.pk}"
    data = cache.get(key)
    if data is None:
        data = practice.silhouette(round_)
        cache.set(key, data, timeout=60 * 60 * 24)
    response = HttpResponse(data, content_type="image/png")
    # Only this player's browser may keep it; a round's image never changes.
    patch_cache_control(response, private=True, max_age=60 * 60 * 24)
    return response


@api_view("GET")
def practice_statistics(request: HttpRequest) -> JsonResponse:
    pid = players.player_id(request)
    results: list[bool] = []
    if pid is not None:
        results = [
            status == PracticeRound.Status.WON
            for status in PracticeRound.objects.filter(player_id=pid, finished_at__isnull=False)
            .order_by("finished_at")
            .values_list("status", flat=True)
        ]
    return JsonResponse(practice.practice_stats(results))
