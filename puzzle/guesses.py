"""Recording a guess: one short transaction (docs/scaling.md "The guess").

On PostgreSQL a returning player's guess is one statement: a conditional
``UPDATE … RETURNING`` that appends the guess only while the game is on and the Pokémon
not yet guessed, so two tabs can never spend the same attempt, and that returns the game
unchanged when it refuses; their first guess of a puzzle is an
``INSERT … ON CONFLICT DO NOTHING``. Elsewhere (SQLite) it is BEGIN, one locked read
of the game, one write, COMMIT. Either way at most four round trips, whatever the
puzzle or the Pokémon (those come from process memory, ``puzzle.memory``). A new
player's first guess is two inserts.
"""

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from django.db import IntegrityError, connection, transaction

from puzzle import rules
from puzzle.models import (
    DailyPuzzle,
    GuessNotTaken,
    Player,
    PlayerGame,
    Pokemon,
    PracticeRound,
    grace_deadline,
)

Result = Literal["added", "duplicate", "finished", "refused"]
Game = PlayerGame | PracticeRound
# Why a game refuses a guess it would otherwise take (hard mode), or None.
Refuse = Callable[[Game, Pokemon], str | None]


@dataclass(frozen=True)
class Outcome:
    game: PlayerGame
    result: Result
    refusal: str | None = None

    @property
    def player(self) -> Player:
        return self.game.player


def apply(game: Game, guess: Pokemon, now: datetime, refuse: Refuse) -> tuple[Result, str | None]:
    """Add ``guess`` to a daily game or a practice round (already locked by the caller)
    unless the rules or ``refuse`` turn it down: the result and the refusal's message."""
    if not game.finished and guess.id not in game.guesses:
        refusal = refuse(game, guess)
        if refusal:
            return "refused", refusal
    try:
        game.add_guess(guess, now)
    except GuessNotTaken as exc:
        return exc.reason, None
    return "added", None


def _outcome(game: PlayerGame, guess: Pokemon, now: datetime, refuse: Refuse) -> Outcome:
    result, refusal = apply(game, guess, now, refuse)
    return Outcome(game, result, refusal)


def _never(game: Game, guess: Pokemon) -> str | None:
    return None


def record(
    player_id: uuid.UUID | None,
    puzzle: DailyPuzzle,
    guess: Pokemon,
    now: datetime,
    *,
    language: str = "",
    hard_mode: bool = False,
    refuse: Refuse = _never,
) -> Outcome:
    """Add ``guess`` to this player's game of ``puzzle``; a new game takes ``language``
    and ``hard_mode``. ``refuse`` may turn down a guess the rules allow (hard mode)."""
    new_game = {
        "counts_for_stats": puzzle.date == rules.utc_today(now),
        "language": language,
        "hard_mode": hard_mode,
    }
    if player_id is None:
        with transaction.atomic():  # the player and the game, or nothing
            player = Player.objects.create()
            game = PlayerGame(player=player, puzzle=puzzle, **new_game)
            return _outcome(game, guess, now, refuse)
    if connection.vendor == "postgresql" and not hard_mode:
        outcome = _record_conditionally(Player(pk=player_id), puzzle, guess, now, new_game)
        if outcome is not None:
            return outcome
    return _record_locked(Player(pk=player_id), puzzle, guess, now, new_game, refuse)


def _record_locked(
    player: Player,
    puzzle: DailyPuzzle,
    guess: Pokemon,
    now: datetime,
    new_game: dict[str, object],
    refuse: Refuse,
) -> Outcome:
    """BEGIN, one locked read of the game, one write, COMMIT."""
    for attempt in range(2):
        try:
            with transaction.atomic():
                game = (
                    PlayerGame.objects.select_for_update()
                    .filter(player_id=player.pk, puzzle_id=puzzle.pk)
                    .first()
                )
                if game is None:
                    game = PlayerGame(player=player, puzzle=puzzle, **new_game)
                game.player = player
                game.puzzle = puzzle  # already loaded, with its answer
                return _outcome(game, guess, now, refuse)
        except IntegrityError:
            if attempt:
                raise
            # Either another tab's first guess won the race (the retry finds its game),
            # or the cookie names a player this database does not know (yet).
            Player.objects.get_or_create(pk=player.pk)
    raise AssertionError("unreachable")


_COLUMNS = (
    "id, guesses, status, counts_for_stats, started_at, finished_at, attempts, language,"
    " hard_mode, lifeline_used"
)
_UPDATE = f"""
WITH changed AS (
    UPDATE puzzle_playergame SET
        guesses = guesses || to_jsonb(%(guess)s::integer),
        status = CASE WHEN %(won)s THEN 'won'
                      WHEN jsonb_array_length(guesses) + 1 >= %(attempts)s THEN 'lost'
                      ELSE 'playing' END,
        finished_at = CASE WHEN %(won)s OR jsonb_array_length(guesses) + 1 >= %(attempts)s
                           THEN %(now)s ELSE finished_at END,
        counts_for_stats = counts_for_stats AND %(in_grace)s,
        attempts = jsonb_array_length(guesses) + 1
    WHERE player_id = %(player)s AND puzzle_id = %(puzzle)s AND (status = 'playing') IS TRUE
      AND NOT hard_mode AND NOT guesses @> to_jsonb(%(guess)s::integer)
    RETURNING {_COLUMNS}
)
SELECT true, {_COLUMNS} FROM changed
UNION ALL
SELECT false, {_COLUMNS} FROM puzzle_playergame
WHERE player_id = %(player)s AND puzzle_id = %(puzzle)s AND NOT EXISTS (SELECT FROM changed)
"""
# One statement either way: the guess appended (true, the game after it), or the game as
# it stood when the statement began (false), or no row for a player's first guess. The
# second half reads the statement's snapshot: if another tab's guess committed while
# this one waited for the row, it may show the game before that guess, which reads as
# a race below and is tried again with a new statement.
# "(status = 'playing') IS TRUE", not "status = 'playing'": the plain comparison also
# fits the (puzzle, status) index, and on a new day, before PostgreSQL has statistics
# for the new puzzle, the planner may pick that index and scan every game in play
# today instead of the one row of (player, puzzle).
_INSERT = f"""
INSERT INTO puzzle_playergame
    (player_id, puzzle_id, guesses, status, counts_for_stats, started_at, finished_at,
     attempts, language, hard_mode, lifeline_used)
VALUES (%(player)s, %(puzzle)s, jsonb_build_array(%(guess)s::integer),
        CASE WHEN %(won)s THEN 'won' ELSE 'playing' END, %(counts)s, %(now)s,
        CASE WHEN %(won)s THEN %(now)s::timestamptz END, 1, %(language)s, false, false)
ON CONFLICT (player_id, puzzle_id) DO NOTHING
RETURNING {_COLUMNS}
"""


def _game_from(row, player: Player, puzzle: DailyPuzzle) -> PlayerGame:
    pk, guesses, status, counts, started_at, finished_at, attempts, language, hard, lifeline = row
    if isinstance(guesses, str):
        guesses = json.loads(guesses)
    return PlayerGame(
        pk=pk,
        player=player,
        puzzle=puzzle,
        guesses=guesses,
        status=status,
        counts_for_stats=counts,
        started_at=started_at,
        finished_at=finished_at,
        attempts=attempts,
        language=language,
        hard_mode=hard,
        lifeline_used=lifeline,
    )


def _record_conditionally(
    player: Player, puzzle: DailyPuzzle, guess: Pokemon, now: datetime, new_game: dict
) -> Outcome | None:
    """One statement: a conditional UPDATE that also returns the game it left alone, so
    a guess the game refuses needs no second read (an INSERT for a first guess). None
    hands a hard-mode game to the locked path, which judges a guess by the earlier ones."""
    params = {
        "language": new_game["language"],
        "player": player.pk,
        "puzzle": puzzle.pk,
        "guess": guess.id,
        "won": guess.id == puzzle.pokemon_id,
        "attempts": rules.ATTEMPTS,
        "now": now,
        "in_grace": now < grace_deadline(puzzle.date),
        "counts": puzzle.date == rules.utc_today(now),
    }
    for _attempt in range(3):
        with connection.cursor() as cursor:
            cursor.execute(_UPDATE, params)
            row = cursor.fetchone()
        if row is not None:
            added, *columns = row
            game = _game_from(columns, player, puzzle)
            if added:
                return Outcome(game, "added")
            if game.finished:
                return Outcome(game, "finished")
            if guess.id in game.guesses:
                return Outcome(game, "duplicate")
            if game.hard_mode:
                return None
            continue  # another tab's guess landed while this one waited: try again
        try:
            with connection.cursor() as cursor:
                cursor.execute(_INSERT, params)
                row = cursor.fetchone()
        except IntegrityError:
            # The cookie names a player this database does not know (yet).
            Player.objects.get_or_create(pk=player.pk)
            continue
        if row:
            return Outcome(_game_from(row, player, puzzle), "added")
    raise RuntimeError("the guess could not be recorded")  # three races in a row
