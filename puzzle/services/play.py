"""Playing: every write a player makes, for daily puzzles, archive replays and practice
rounds alike (docs/game-modes.md).

A view parses the request, calls one of these functions and turns a :class:`Refusal`
into its answer in one place (``puzzle.api``). The rules are those of
``puzzle.rules``, applied here once for every kind of game.

A guess is judged on the game as it was read, then written by one conditional UPDATE
that applies only while the row still holds the attempts it was judged on (the
``attempts`` column is the row's version). If another tab's guess landed in between,
the guess is judged again on the new row. So two tabs never spend the same attempt,
nothing is locked between statements, and SQLite and PostgreSQL behave the same.

A guess may say which attempt it was typed for (``attempt``: the number of guesses on
the player's screen). When the network lost the answer to a guess that was taken, the
island sends it again; the row already holds that Pokémon at that place, so the retry
is answered with the game as it stands, and never spends a second attempt nor says
"already guessed".
"""

import re
import secrets
import uuid
from collections.abc import Callable
from datetime import date, datetime
from typing import TypeVar

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from puzzle import pinyin, pokedex, rules, stats
from puzzle.models import (
    DailyPuzzle,
    Game,
    Player,
    PlayerGame,
    Pokemon,
    PracticeRound,
    RefusedName,
)

MAX_NAME = 60
# Control characters (NUL among them) cannot be typed into a name, and PostgreSQL's text
# columns refuse NUL and lone surrogates (a JSON "\ud800"): a pasted or forged one
# counts as a space.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
GENERATIONS = range(1, 10)
# A new practice round avoids the player's latest answers while enough others remain.
RECENT_ROUNDS = 20
# Each retry follows another tab's write, and a game takes at most six.
_TRIES = rules.ATTEMPTS + 2
# The words of the hint columns (puzzle/island.py), for hard mode's refusals.
HINT_NAMES = {
    "type1": gettext_lazy("Type 1"),
    "type2": gettext_lazy("Type 2"),
    "generation": gettext_lazy("Generation"),
    # Translators: the hint columns' names, as the hint table shows them.
    "stage": pgettext_lazy("evolution stage", "Stage"),
    "color": gettext_lazy("Colour"),
    "height": gettext_lazy("Height"),
    "weight": gettext_lazy("Weight"),
}

G = TypeVar("G", bound=Game)


class Refusal(Exception):
    """Something the rules turn down; ``code`` is its stable name in the API."""

    code = "refused"

    def __init__(self, message: str, **extra: object) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


class EmptyName(Refusal):
    code = "empty_guess"


class NameTooLong(Refusal):
    code = "name_too_long"


class UnknownPokemon(Refusal):
    code = "unknown_pokemon"


class AlreadyGuessed(Refusal):
    code = "duplicate_guess"


class GameOver(Refusal):
    code = "game_over"


class HardModeMismatch(Refusal):
    code = "hard_mode_violation"


class LifelineNotYet(Refusal):
    code = "lifeline_not_available"


class InvalidGenerations(Refusal):
    code = "invalid_generations"


class NothingToDraw(Refusal):
    code = "no_pokemon"


def _free(budget: str) -> None:
    """The default rate limit: none (views pass their own, ``portal.ratelimits``)."""


def guess_daily(
    player_id: uuid.UUID | None,
    day: date,
    text: str,
    lang: str,
    now: datetime,
    *,
    hard_mode: bool = False,
    attempt: int | None = None,
    spend: Callable[[str], None] = _free,
) -> tuple[PlayerGame, Pokemon]:
    """Judge and record a guess of the puzzle of ``day``, a released date (today's, or
    a past one played as practice).

    A player's first guess starts their game in ``lang`` and ``hard_mode``; a cookie
    that names no player gets a new one (the game says which). ``spend`` is charged
    "junk" for an unknown name, "guess" for a real one, before anything is written.
    Returns the game (with its puzzle) and the Pokémon guessed. A returning player's
    game is read with its puzzle in one query, the puzzle alone only for a new game.
    """
    text = clean_name(text)
    try:
        pokemon = identify(text, lang)
    except UnknownPokemon:
        spend("junk")
        RefusedName.record(DailyPuzzle.for_date(day, save=True), text)
        raise
    spend("guess")
    game = PlayerGame.objects.of(player_id, day)
    if game is None:
        puzzle = DailyPuzzle.for_date(day, save=True)
        game = PlayerGame(
            player=_player(player_id),
            puzzle=puzzle,
            counts_for_stats=day == rules.utc_today(now),
            language=lang,
            hard_mode=hard_mode,
            started_at=now,
        )
    game = _judge(game, pokemon, lang, now, attempt)
    if game.counts_for_stats and game.finished_at == now:  # this guess ended it
        keep_standing(game.player_id, rules.utc_today(now))
    return game, pokemon


def player_figures(player_id: uuid.UUID, today: date) -> dict[str, object]:
    """The player's statistics (``puzzle.stats.player_stats``) from their counted games."""
    counted = PlayerGame.objects.filter(player_id=player_id).counted()
    games = [
        stats.FinishedGame(day, status == Game.Status.WON, attempts)
        for day, status, attempts in counted.values_list("puzzle__date", "status", "attempts")
    ]
    return stats.player_stats(games, today)


def keep_standing(player_id: uuid.UUID, today: date) -> None:
    """Keep the player's statistics on their row for the all-time boards: the figures
    of their statistics dialog, as they stand after a counted game ended."""
    figures = player_figures(player_id, today)
    streak = int(figures["current_streak"])  # type: ignore[call-overload]
    last_win = figures["last_win"]
    Player.objects.filter(pk=player_id).update(
        played=figures["played"],
        wins=figures["wins"],
        streak=streak,
        streak_day=date.fromisoformat(str(last_win)) if streak and last_win else None,
    )


def guess_practice(
    round_: PracticeRound, text: str, lang: str, now: datetime, *, attempt: int | None = None
) -> tuple[PracticeRound, Pokemon]:
    """Judge and record a guess of a practice round; the round and the Pokémon guessed."""
    pokemon = identify(clean_name(text), lang)
    return _judge(round_, pokemon, lang, now, attempt), pokemon


def take_lifeline(game: G | None, lang: str) -> G:
    """Fix the first letter of the answer's name in ``lang`` on the game (as each
    script reads it, rules.first_letter), once, after ``rules.LIFELINE_AFTER`` wrong
    guesses. Later reads show that letter whatever their language, so no language
    reveals more than the one it was taken in."""
    for _attempt in range(_TRIES):
        if game is not None and game.finished:
            raise GameOver(_game_over(game))
        if game is None or game.attempts < rules.LIFELINE_AFTER:
            raise LifelineNotYet(_("The hint becomes available after your third wrong guess."))
        if game.lifeline:
            return game
        answer = pokedex.get(game.answer_id)
        assert answer is not None, "a game's answer is in the Pokédex"
        # Chinese names give the pinyin's first letter: a character is a third of a name.
        romanise = pinyin.romanise if lang == "zh" else None
        letter = rules.first_letter(answer.display_name(lang), romanise)
        changed = type(game)._default_manager.filter(
            pk=game.pk, attempts=game.attempts, lifeline=""
        )
        if changed.update(lifeline=letter):
            game.lifeline = letter
            return game
        game = _fresh(game)
    raise RuntimeError("the lifeline could not be recorded")


def start_practice(
    player_id: uuid.UUID | None, generations: list[int] | None, *, hard_mode: bool = False
) -> PracticeRound:
    """A round on a random Pokémon with artwork from ``generations`` (None or empty:
    all), avoiding the player's latest answers while others remain."""
    chosen = sorted(set(generations or GENERATIONS))
    if chosen[0] < GENERATIONS.start or chosen[-1] >= GENERATIONS.stop:
        raise InvalidGenerations(_("Choose generations as numbers from 1 to 9."))
    candidates = set(
        Pokemon.objects.in_pool().filter(generation__in=chosen).values_list("id", flat=True)
    )
    if not candidates:
        raise NothingToDraw(
            _("No Pokémon from these generations can be drawn yet. Choose other generations.")
        )
    player = _player(player_id)
    recent = set(
        PracticeRound.objects.filter(player_id=player.pk)
        .order_by("-started_at")
        .values_list("pokemon_id", flat=True)[:RECENT_ROUNDS]
    )
    fresh = sorted(candidates - recent) or sorted(candidates)
    with transaction.atomic():  # a new player and their first round, or neither
        if player._state.adding:
            player.save()
        return PracticeRound.objects.create(
            player=player, pokemon_id=secrets.choice(fresh), generations=chosen, hard_mode=hard_mode
        )


def erase_player(player_id: uuid.UUID | None) -> None:
    """Forget the player: every game, statistic, streak, practice round, name and
    league place."""
    if player_id is not None:
        Player.objects.filter(pk=player_id).erase()


def clean_name(text: str) -> str:
    text = _CONTROL.sub(" ", text).strip()
    if not text:
        raise EmptyName(_("Type the name of a Pokémon first."))
    if len(text) > MAX_NAME:
        raise NameTooLong(_("That name is too long for a Pokémon."))
    return text


def identify(text: str, lang: str) -> Pokemon:
    """The Pokémon ``text`` names on a page in ``lang``, or :class:`UnknownPokemon`
    with the closest name."""
    index = pokedex.name_index(lang)
    pokemon = pokedex.get(index.match(text))
    if pokemon is not None:
        return pokemon
    suggestions = index.suggest(text, limit=1)
    if suggestions:
        # Translators: %(text)s is what the player typed, %(suggestion)s a Pokémon name.
        message = _("“%(text)s” is not a Pokémon we know. Did you mean %(suggestion)s?") % {
            "text": rules.isolate(text),
            "suggestion": rules.isolate(suggestions[0]),
        }
    else:
        # Translators: %(text)s is what the player typed.
        message = _("“%(text)s” is not a Pokémon we know. Check the spelling.") % {
            "text": rules.isolate(text)
        }
    raise UnknownPokemon(message, suggestions=suggestions)


def hard_mode_refusal(game: Game, guess: Pokemon, lang: str) -> str | None:
    """Why a hard-mode game refuses ``guess``, translated; None if it fits every hint."""
    if not game.hard_mode:
        return None
    earlier = pokedex.in_order(game.guesses)
    answer = pokedex.get(game.answer_id)
    assert answer is not None, "a game's answer is in the Pokédex"
    violation = rules.hard_mode_violation(guess.traits, [g.traits for g in earlier], answer.traits)
    if violation is None:
        return None
    index, key = violation
    # Translators: %(name)s is the guessed Pokémon's name, %(hint)s a hint column's name
    # (Type 1, Stage), %(earlier)s the name of the earlier guess that gave the hint.
    return _("Hard mode: %(name)s does not fit the %(hint)s hint from %(earlier)s.") % {
        "name": rules.isolate(guess.display_name(lang)),
        "hint": HINT_NAMES[key],
        "earlier": rules.isolate(earlier[index].display_name(lang)),
    }


def _judge(game: G, pokemon: Pokemon, lang: str, now: datetime, attempt: int | None) -> G:
    for _attempt in range(_TRIES):
        if attempt is not None and game.guesses[attempt : attempt + 1] == [pokemon.id]:
            return game  # a retry of a guess already taken (see the docstring)
        if game.finished:
            raise GameOver(_game_over(game))
        if pokemon.id in game.guesses:
            raise AlreadyGuessed(
                # Translators: %(name)s is a Pokémon name.
                _("You already guessed %(name)s. It did not use an attempt.")
                % {"name": rules.isolate(pokemon.display_name(lang))}
            )
        refusal = hard_mode_refusal(game, pokemon, lang)
        if refusal:
            raise HardModeMismatch(refusal)
        judged_on = game.attempts
        game.add_guess(pokemon.id, now)
        if _save(game, judged_on):
            return game
        game = _fresh(game)  # another tab's guess landed first: judge again
    raise RuntimeError("the guess could not be recorded")


def _save(game: Game, judged_on: int) -> bool:
    """Write a guess unless the row moved on since it was read (see the docstring)."""
    if game._state.adding:
        try:
            with transaction.atomic():  # a new player and their first game, or neither
                if game.player._state.adding:
                    game.player.save()
                game.save()
        except IntegrityError:  # another tab started this game first
            return False
        return True
    columns = ["guesses", "status", "attempts", "finished_at"]
    if isinstance(game, PlayerGame):
        columns.append("counts_for_stats")
    rows = type(game)._default_manager.filter(pk=game.pk, attempts=judged_on)
    return rows.update(**{column: getattr(game, column) for column in columns}) == 1


def _fresh(game: G) -> G:
    if isinstance(game, PlayerGame):
        fresh = PlayerGame.objects.get(player_id=game.player_id, puzzle_id=game.puzzle_id)
        fresh.puzzle = game.puzzle
        return fresh  # type: ignore[return-value]  # G is PlayerGame here
    return type(game)._default_manager.get(pk=game.pk)


def _game_over(game: Game) -> str:
    if isinstance(game, PracticeRound):
        return _("This round is finished. Play another one!")
    return _("This puzzle is finished. Come back for the next one!")


def _player(player_id: uuid.UUID | None) -> Player:
    """The player the cookie names, or a new one (saved with its first game): an erased
    player is never recreated from an old cookie."""
    return Player.objects.of(player_id) or Player()
