"""Recording a guess: one short transaction (docs/scaling.md "The guess").

On PostgreSQL a returning player's guess is one conditional ``UPDATE … RETURNING``
that appends the guess only while the game is on and the Pokémon not yet guessed, so
two tabs can never spend the same attempt; their first guess of a puzzle is an
``INSERT … ON CONFLICT DO NOTHING``. Elsewhere (SQLite) it is BEGIN, one locked read
of the game, one write, COMMIT. Either way at most four round trips, whatever the
puzzle or the Pokémon (those come from process memory, ``puzzle.memory``). A new
player's first guess is two inserts.
"""

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from django.db import IntegrityError, connection, transaction

from puzzle import rules
from puzzle.models import DailyPuzzle, Player, PlayerGame, Pokemon, grace_deadline


@dataclass(frozen=True)
class Outcome:
    player: Player
    game: PlayerGame
    result: Literal["added", "duplicate", "finished"]


def _apply(
    game: PlayerGame, guess: Pokemon, now: datetime
) -> Literal["added", "duplicate", "finished"]:
    if game.finished:
        return "finished"
    if guess.id in game.guesses:
        return "duplicate"
    game.add_guess(guess, now)
    return "added"


def record(
    player_id: uuid.UUID | None, puzzle: DailyPuzzle, guess: Pokemon, now: datetime
) -> Outcome:
    counts = puzzle.date == rules.utc_today(now)
    if player_id is None:
        player = Player.objects.create()
        game = PlayerGame(player=player, puzzle=puzzle, counts_for_stats=counts)
        return Outcome(player, game, _apply(game, guess, now))

    player = Player(pk=player_id)
    if connection.vendor == "postgresql":
        return _record_conditionally(player, puzzle, guess, now)
    for attempt in range(2):
        try:
            with transaction.atomic():
                game = (
                    PlayerGame.objects.select_for_update()
                    .filter(player_id=player_id, puzzle_id=puzzle.pk)
                    .first()
                )
                if game is None:
                    game = PlayerGame(player=player, puzzle=puzzle, counts_for_stats=counts)
                game.puzzle = puzzle  # already loaded, with its answer
                return Outcome(player, game, _apply(game, guess, now))
        except IntegrityError:
            if attempt:
                raise
            # Either another tab's first guess won the race (the retry finds its game),
            # or the cookie names a player this database does not know (yet).
            Player.objects.get_or_create(pk=player_id)
    raise AssertionError("unreachable")


_COLUMNS = "id, guesses, status, counts_for_stats, started_at, finished_at"
_UPDATE = f"""
UPDATE puzzle_playergame SET
    guesses = guesses || to_jsonb(%(guess)s::integer),
    status = CASE WHEN %(won)s THEN 'won'
                  WHEN jsonb_array_length(guesses) + 1 >= %(attempts)s THEN 'lost'
                  ELSE 'playing' END,
    finished_at = CASE WHEN %(won)s OR jsonb_array_length(guesses) + 1 >= %(attempts)s
                       THEN %(now)s ELSE finished_at END,
    counts_for_stats = counts_for_stats AND %(in_grace)s
WHERE player_id = %(player)s AND puzzle_id = %(puzzle)s AND status = 'playing'
  AND NOT guesses @> to_jsonb(%(guess)s::integer)
RETURNING {_COLUMNS}
"""
_INSERT = f"""
INSERT INTO puzzle_playergame
    (player_id, puzzle_id, guesses, status, counts_for_stats, started_at, finished_at)
VALUES (%(player)s, %(puzzle)s, jsonb_build_array(%(guess)s::integer),
        CASE WHEN %(won)s THEN 'won' ELSE 'playing' END, %(counts)s, %(now)s,
        CASE WHEN %(won)s THEN %(now)s::timestamptz END)
ON CONFLICT (player_id, puzzle_id) DO NOTHING
RETURNING {_COLUMNS}
"""


def _game_from(row, player: Player, puzzle: DailyPuzzle) -> PlayerGame:
    pk, guesses, status, counts, started_at, finished_at = row
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
    )


def _record_conditionally(
    player: Player, puzzle: DailyPuzzle, guess: Pokemon, now: datetime
) -> Outcome:
    params = {
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
        if row:
            return Outcome(player, _game_from(row, player, puzzle), "added")
        game = PlayerGame.objects.filter(player_id=player.pk, puzzle_id=puzzle.pk).first()
        if game is not None:
            game.puzzle = puzzle
            if game.finished:
                return Outcome(player, game, "finished")
            if guess.id in game.guesses:
                return Outcome(player, game, "duplicate")
            continue  # another tab changed it between the two statements: try again
        try:
            with connection.cursor() as cursor:
                cursor.execute(_INSERT, params)
                row = cursor.fetchone()
        except IntegrityError:
            # The cookie names a player this database does not know (yet).
            Player.objects.get_or_create(pk=player.pk)
            continue
        if row:
            return Outcome(player, _game_from(row, player, puzzle), "added")
    raise RuntimeError("the guess could not be recorded")  # three races in a row
