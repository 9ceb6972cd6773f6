"""The game's JSON API (docs/design.md "API contract", docs/game-modes.md).

Views parse HTTP and call ``puzzle.services.play``; a refusal of the rules
(``play.Refusal``) becomes its HTTP answer in :func:`refusals`, the one place that maps
them. Writes are CSRF-protected and rate limited per player and per client
(``portal.ratelimits``); everything else every route shares is ``portal.api``.
"""

import uuid
from collections.abc import Callable
from functools import wraps
from typing import cast

import segno
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import etag
from ninja import Router, Status
from ninja.decorators import decorate_view

from portal import languages, players, ratelimits
from portal.absolute import site_url
from portal.api import ApiError, Error, api_request, too_many_requests
from portal.public_cache import canonical_query, url_only
from puzzle import pokedex, rules, stats
from puzzle.api import schemas, shapes
from puzzle.images import card, silhouette, thumbs
from puzzle.models import (
    DailyPuzzle,
    Game,
    PlayerGame,
    Pokemon,
    PracticeRound,
    launch_date,
    today,
)
from puzzle.services import play, transfer

# Status of each refusal of the rules; every other error is raised as ApiError.
STATUS = {
    play.EmptyName: 400,
    play.NameTooLong: 400,
    play.InvalidGenerations: 400,
    play.AlreadyGuessed: 409,
    play.GameOver: 409,
    play.LifelineNotYet: 409,
    play.UnknownPokemon: 422,
    play.HardModeMismatch: 422,
    play.NothingToDraw: 422,
    transfer.NothingToTransfer: 404,
    transfer.InvalidTransferCode: 422,
}
# Answers any route may give besides its own (docs/design.md: one error shape).
ALWAYS = {405, 500, 503}
WRITES = {400, 403, 413, 415, 429}


def errors(*codes: int, write: bool = False) -> dict:
    return {code: Error for code in sorted(ALWAYS | set(codes) | (WRITES if write else set()))}


def image(media_type: str) -> dict:
    binary = {media_type: {"schema": {"type": "string", "format": "binary"}}}
    return {"responses": {200: {"description": "The image", "content": binary}}}


def refusals(view: Callable) -> Callable:
    @wraps(view)
    def wrapper(*args, **kwargs):
        try:
            return view(*args, **kwargs)
        except play.Refusal as refusal:
            raise ApiError(
                STATUS[type(refusal)], refusal.code, refusal.message, **refusal.extra
            ) from refusal

    return wrapper


router = Router(exclude_unset=True)
router.add_decorator(api_request, mode="view")
router.add_decorator(refusals)
GET = ["GET", "HEAD"]


def _names_lang(request: HttpRequest) -> str:
    # From the URL alone, never the cookie: the list is publicly cached per URL.
    return languages.normalize(request.GET.get("lang")) or languages.DEFAULT


def _names_query(request: HttpRequest) -> dict[str, str]:
    """The names list's canonical query: ``lang`` a supported code, ``v`` the current
    version (the island's URL carries both); either may be left out. Any other query is
    redirected here, so a shared cache holds a few copies per version, not one per
    made-up URL (docs/scaling.md "The cache key rule")."""
    query = {}
    if "lang" in request.GET:
        query["lang"] = _names_lang(request)
    if "v" in request.GET:
        query["v"] = pokedex.version()
    return query


# Images read no query parameter: any query is redirected to the bare URL.
IMAGE_URL = (canonical_query(), url_only)
# A daily silhouette keeps its stamp, ``v`` (shapes.silhouette_stamp): a current one is
# cached for good, any other briefly, and never drawn again (the cache key is the
# current stamp's).
SILHOUETTE_URL = (
    canonical_query(lambda request: {"v": request.GET["v"]} if "v" in request.GET else {}),
    url_only,
)


def _lang() -> str:
    return get_language() or languages.DEFAULT


def _no_puzzle() -> ApiError:
    return ApiError(404, "puzzle_not_found", _("There is no puzzle with this number yet."))


def _puzzle(number: int) -> DailyPuzzle:
    puzzle = DailyPuzzle.for_number(number)
    if puzzle is None:
        raise _no_puzzle()
    return puzzle


def _player_id(request: HttpRequest) -> uuid.UUID:
    """The cookie's player, or an id no player has (a visitor who never played)."""
    return players.player_id(request) or uuid.UUID(int=0)


def _game(request: HttpRequest, puzzle: DailyPuzzle) -> PlayerGame | None:
    """This request's player's game of ``puzzle``, if they have one."""
    return PlayerGame.objects.of(players.player_id(request), puzzle.date) if puzzle.pk else None


def _round(request: HttpRequest, round_id: uuid.UUID) -> PracticeRound:
    pid = players.player_id(request)
    round_ = PracticeRound.objects.filter(pk=round_id, player_id=pid).first() if pid else None
    if round_ is None:
        raise ApiError(
            404, "round_not_found", _("This practice round does not exist. Start a new one.")
        )
    return round_


def _limit(request: HttpRequest, budget: str, player: uuid.UUID | None = None) -> None:
    """Count one request against a rate-limit budget; 429 when it is spent."""
    if ratelimits.hit(request, budget, str(player) if player else None):
        if budget == "junk":
            raise too_many_requests(_("Too many unknown names at once. Please wait a moment."))
        if budget.startswith("transfer"):
            raise too_many_requests(_("Too many tries with transfer codes. Please wait a while."))
        raise too_many_requests(_("Too many guesses at once. Please wait a moment."))


def _read(request: HttpRequest, puzzle: DailyPuzzle) -> dict:
    payload = shapes.puzzle(puzzle, _game(request, puzzle), _lang(), timezone.now())
    return {**payload, "csrf_token": get_token(request)}


@router.api_operation(
    GET, "/puzzle/today", response={200: schemas.PuzzleRead, **errors(404)}, url_name="today"
)
def today_puzzle(request: HttpRequest):
    if today() < launch_date():
        # Translators: %(date)s is a date, in the page language's format.
        message = _("The first puzzle arrives on %(date)s.") % {
            "date": date_format(launch_date(), "DATE_FORMAT")
        }
        raise ApiError(404, "not_launched", message, launch_date=launch_date().isoformat())
    return _read(request, DailyPuzzle.for_date(today()))


@router.api_operation(
    GET,
    "/puzzle/{puzzle:number}",
    response={200: schemas.PuzzleRead, **errors(404)},
    url_name="detail",
)
def puzzle_detail(request: HttpRequest, number: int):
    return _read(request, _puzzle(number))


@router.post(
    "/puzzle/{puzzle:number}/guesses",
    response={201: schemas.PuzzleGuessed, **errors(404, 409, 422, write=True)},
)
def guesses(request: HttpRequest, response: HttpResponse, number: int, body: schemas.GuessIn):
    day = DailyPuzzle.released_day(number)
    if day is None:
        raise _no_puzzle()
    pid, lang, now = players.player_id(request), _lang(), timezone.now()
    game, guess = play.guess_daily(
        pid,
        day,
        body.name,
        lang,
        now,
        hard_mode=body.hard_mode,
        attempt=body.attempt,
        spend=lambda budget: _limit(request, budget, pid),
    )
    answer = pokedex.get(game.puzzle.pokemon_id)
    assert answer is not None
    players.remember_player(response, game.player_id, request)
    return Status(
        201,
        {
            "guess": shapes.hint_row(guess, answer, lang),
            **shapes.puzzle(game.puzzle, game, lang, now),
        },
    )


@router.post(
    "/puzzle/{puzzle:number}/lifeline",
    response={200: schemas.Puzzle, **errors(404, 409, write=True)},
)
def lifeline(request: HttpRequest, number: int):
    """The answer's first letter, after three wrong guesses (docs/game-modes.md)."""
    puzzle = _puzzle(number)
    game = play.take_lifeline(_game(request, puzzle), _lang())
    return shapes.puzzle(puzzle, game, _lang(), timezone.now())


@router.api_operation(
    GET,
    "/puzzle/{puzzle:number}/results",
    response={200: schemas.Results, **errors(403, 404)},
)
def results(request: HttpRequest, number: int):
    puzzle = _puzzle(number)
    game = _game(request, puzzle)
    if game is None or not game.finished:
        raise ApiError(403, "not_finished", _("Finish this puzzle to see how everyone else did."))
    return {"number": puzzle.number, **_summary(puzzle)}


def _summary(puzzle: DailyPuzzle) -> dict:
    if puzzle.pk is None:  # planned, not saved until its first guess: nobody has played
        return stats.results_summary([])
    return cast(
        dict,
        cache.get_or_set(  # a popular puzzle: one query per half minute
            f"puzzle:results:{puzzle.pk}",
            lambda: stats.results_summary(
                PlayerGame.objects.filter(puzzle=puzzle).counted().outcomes()
            ),
            timeout=30,
        ),
    )


# The card's "named it" share waits for this many finished games: one player's result
# is theirs, not the crowd's.
CARD_MIN_PLAYERS = 10


@router.api_operation(
    GET,
    "/puzzle/{puzzle:number}/card.png",
    response=errors(404),
    openapi_extra=image("image/png"),
    url_name="card",
)
@decorate_view(*IMAGE_URL)
def card_image(request: HttpRequest, number: int):
    """The puzzle's link preview (og:image): its silhouette, number, date and the share
    of players who named it (puzzle/images/card.py)."""
    puzzle = _puzzle(number)
    summary = _summary(puzzle)
    named = summary["win_percent"] if summary["players"] >= CARD_MIN_PLAYERS else None
    stamp, shape = _daily_silhouette(puzzle)
    data = cache.get_or_set(
        f"puzzle:card:{puzzle.number}:{stamp}:{named}",
        lambda: card.render_card(shape, puzzle.number, puzzle.date, named),
        timeout=60 * 60 * 24,
    )
    response = HttpResponse(data, content_type="image/png")
    # Today's share moves all day; a past puzzle's hardly at all.
    patch_cache_control(
        response, public=True, max_age=600 if puzzle.date == today() else 60 * 60 * 24
    )
    return response


@router.api_operation(
    GET,
    "/puzzle/{puzzle:number}/silhouette.png",
    response=errors(404),
    openapi_extra=image("image/png"),
    url_name="silhouette",
)
@decorate_view(*SILHOUETTE_URL)
def silhouette_image(request: HttpRequest, number: int):
    stamp, data = _daily_silhouette(_puzzle(number))
    response = HttpResponse(data, content_type="image/png")
    if request.GET.get("v") == stamp:
        # A released puzzle's Pokémon never changes (only future dates can be scheduled)
        # and a new artwork gives the URL a new stamp: these bytes are this URL's for good.
        patch_cache_control(response, public=True, max_age=60 * 60 * 24 * 365, immutable=True)
    else:
        # An old stamp or none (a page cached before the artwork changed): briefly.
        patch_cache_control(response, public=True, max_age=60)
    return response


def _daily_silhouette(puzzle: DailyPuzzle) -> tuple[str, bytes]:
    """A daily puzzle's silhouette and the stamp of its URL."""
    answer = pokedex.get(puzzle.pokemon_id)
    assert answer is not None
    stamp = shapes.silhouette_stamp(puzzle, answer)
    # Keyed by the puzzle's number and its URL's stamp, which changes with the artwork
    # and names nothing: whoever reads the cache cannot tell the answer (docs/security.md).
    key = f"puzzle:silhouette:{puzzle.number}:{stamp}"
    return stamp, _silhouette_png(answer, key, puzzle.date.isoformat(), timeout=60 * 60 * 24 * 7)


def _silhouette_png(answer: Pokemon, key: str, seed: str, *, timeout: int) -> bytes:
    """The answer's varied silhouette, from the cache or drawn. Staff may clear the
    artwork of a puzzle's or an open round's answer: then a 404, never a 500."""

    def draw() -> bytes:
        with answer.open_artwork() as artwork:
            return silhouette.render_varied(artwork, settings.SILHOUETTE_SECRET, seed)

    try:
        return cast(bytes, cache.get_or_set(key, draw, timeout=timeout))
    except FileNotFoundError:
        raise ApiError(
            404, "silhouette_unavailable", _("This silhouette cannot be shown right now.")
        ) from None


@router.api_operation(GET, "/pokemon/names", response={200: schemas.Names, **errors()})
@decorate_view(
    etag(lambda request: f'"{pokedex.version()}-{_names_lang(request)}"'),
    # Outside the ETag: a URL that is not canonical is redirected before it is compared.
    canonical_query(_names_query, permanent=False, max_age=60),
    url_only,
)
def names(request: HttpRequest):
    """Every guessable name in the language, with English; the same for everyone."""
    lang = _names_lang(request)
    payload = {"lang": lang, "version": pokedex.version(), "names": pokedex.names(lang)}
    # Served as built (the list is made from validated rows): 1,025 entries for everyone.
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
    response["Content-Language"] = lang
    patch_cache_control(response, public=True, max_age=86400)
    return response


@router.api_operation(
    GET,
    "/pokemon/{int:pokemon_id}/thumb.webp",
    response=errors(404),
    openapi_extra=image("image/webp"),
)
@decorate_view(*IMAGE_URL)
def thumb(request: HttpRequest, pokemon_id: int):
    """A small picture for the name suggestions (a neutral mark without artwork)."""
    pokemon = pokedex.get(pokemon_id)
    if pokemon is None:
        raise ApiError(404, "pokemon_not_found", _("There is no Pokémon with this number."))
    data = cache.get_or_set(
        f"puzzle:thumb:{pokemon_id}:{pokemon.updated_at.timestamp()}",
        lambda: thumbs.render_thumb(pokemon),
        timeout=60 * 60 * 24 * 30,
    )
    response = HttpResponse(data, content_type="image/webp")
    patch_cache_control(response, public=True, max_age=60 * 60 * 24 * 7)
    return response


@router.api_operation(GET, "/stats", response={200: schemas.Stats, **errors()}, url_name="stats")
def player_stats(request: HttpRequest):
    return play.player_figures(_player_id(request), today())


@router.api_operation(GET, "/archive", response={200: schemas.Archive, **errors()})
def archive(request: HttpRequest):
    """The player's progress on past puzzles (the archive page is the same for all)."""
    rows = PlayerGame.objects.filter(player_id=_player_id(request), puzzle__date__lt=today())
    start = launch_date()
    played = {
        str(rules.puzzle_number(day, start)): status
        for day, status in rows.values_list("puzzle__date", "status")
    }
    return {"played": played}


@router.delete("/player", response={204: None, **errors(write=True)})
def player(request: HttpRequest):
    """Forget this player: every game, statistic and streak, and the cookie naming them."""
    play.erase_player(players.player_id(request))
    response = HttpResponse(status=204)
    players.forget_player(response)
    return response


@router.post("/player/transfer", response={201: schemas.Transfer, **errors(404, write=True)})
def transfer_code(request: HttpRequest):
    """A one-time code, valid ten minutes, that moves this player to another device."""
    _limit(request, "transfer", players.player_id(request))
    code = transfer.issue(players.player_id(request), timezone.now())
    page = site_url(request) + languages.localize(reverse("pages:transfer"), _lang())
    qr = segno.make(f"{page}#{code.code}", error="m")
    return Status(
        201,
        {
            "code": code.code,
            "expires_at": code.expires_at,
            "qr_svg": qr.svg_inline(scale=4, dark="#1b1d36", light="#ffffff", title=code.code),
        },
    )


@router.post("/player/transfer/redeem", response={204: None, **errors(422, write=True)})
def redeem_transfer_code(request: HttpRequest, body: schemas.TransferIn):
    """Become the player a transfer code names, on this device."""
    _limit(request, "transfer-redeem")
    player_id = transfer.redeem(body.code, timezone.now())
    response = HttpResponse(status=204)
    players.remember_player(response, player_id, request)
    return response


@router.post("/practice", response={201: schemas.Practice, **errors(422, write=True)})
def practice(request: HttpRequest, response: HttpResponse, body: schemas.PracticeIn | None = None):
    """Start a round on a random Pokémon from the chosen generations."""
    _limit(request, "practice-start")
    body = body or schemas.PracticeIn()
    round_ = play.start_practice(
        players.player_id(request), body.generations, hard_mode=body.hard_mode
    )
    players.remember_player(response, round_.player_id, request)
    return Status(201, shapes.practice(round_, _lang()))


@router.api_operation(GET, "/practice/stats", response={200: schemas.PracticeStats, **errors()})
def practice_stats(request: HttpRequest):
    rounds = PracticeRound.objects.filter(player_id=_player_id(request))
    won = rounds.filter(finished_at__isnull=False).order_by("finished_at")
    return stats.practice_stats(s == Game.Status.WON for s in won.values_list("status", flat=True))


@router.api_operation(
    GET, "/practice/{uuid:round_id}", response={200: schemas.Practice, **errors(404)}
)
def practice_detail(request: HttpRequest, round_id: uuid.UUID):
    return shapes.practice(_round(request, round_id), _lang())


@router.post(
    "/practice/{uuid:round_id}/guesses",
    response={201: schemas.PracticeGuessed, **errors(404, 409, 422, write=True)},
)
def practice_guesses(request: HttpRequest, round_id: uuid.UUID, body: schemas.GuessIn):
    _limit(request, "practice-guess")
    lang = _lang()
    round_, guess = play.guess_practice(
        _round(request, round_id), body.name, lang, timezone.now(), attempt=body.attempt
    )
    answer = pokedex.get(round_.pokemon_id)
    assert answer is not None
    return Status(
        201, {"guess": shapes.hint_row(guess, answer, lang), **shapes.practice(round_, lang)}
    )


@router.post(
    "/practice/{uuid:round_id}/lifeline",
    response={200: schemas.Practice, **errors(404, 409, write=True)},
)
def practice_lifeline(request: HttpRequest, round_id: uuid.UUID):
    round_ = play.take_lifeline(_round(request, round_id), _lang())
    return shapes.practice(round_, _lang())


@router.api_operation(
    GET,
    "/practice/{uuid:round_id}/silhouette.png",
    response=errors(404),
    openapi_extra=image("image/png"),
)
def practice_silhouette(request: HttpRequest, round_id: uuid.UUID):
    round_ = _round(request, round_id)
    answer = pokedex.get(round_.pokemon_id)
    assert answer is not None
    data = _silhouette_png(
        answer,
        f"puzzle:practice-silhouette:{round_.pk}",
        f"practice:{round_.pk}",
        timeout=60 * 60 * 24,
    )
    response = HttpResponse(data, content_type="image/png")
    # Only this player's browser may keep it; a round's image never changes.
    patch_cache_control(response, private=True, max_age=60 * 60 * 24)
    return response
