"""Recording a guess: one short transaction (docs/scaling.md "The guess").

A returning player's guess is BEGIN, one locked read of their game, one write, COMMIT:
four round trips, whatever the puzzle or the Pokémon (those come from process memory,
``puzzle.memory``). A new player's first guess is two inserts. The lock keeps two tabs
from both using the same attempt; the unique (player, puzzle) pair settles two first
guesses at once.
"""

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from django.db import IntegrityError, transaction

from puzzle import rules
from puzzle.models import DailyPuzzle, Player, PlayerGame, Pokemon


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
