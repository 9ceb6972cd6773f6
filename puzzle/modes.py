"""Ways to play shared by daily puzzles and practice rounds: hard mode and the lifeline
(docs/game-modes.md). The rules are pure functions in ``puzzle.rules``; this module
applies them to rows and words the refusals."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from puzzle import rules
from puzzle.models import PlayerGame, Pokemon, PracticeRound

# The same words as the hint columns (puzzle/island.py), so translations are shared.
HINT_NAMES = {
    "type1": gettext_lazy("Type 1"),
    "type2": gettext_lazy("Type 2"),
    "generation": gettext_lazy("Generation"),
    "stage": gettext_lazy("Stage"),
    "color": gettext_lazy("Colour"),
    "height": gettext_lazy("Height"),
    "weight": gettext_lazy("Weight"),
}
# The lifeline is offered after this many wrong guesses.
LIFELINE_AFTER = 3

Game = PlayerGame | PracticeRound


def answer_of(game: Game) -> Pokemon:
    return game.pokemon if isinstance(game, PracticeRound) else game.puzzle.pokemon


def hard_mode_refusal(game: Game, guess: Pokemon, lang: str) -> str | None:
    """The translated reason a hard-mode game refuses this guess, or None if it fits."""
    if not game.hard_mode:
        return None
    earlier = game.guessed
    violation = rules.hard_mode_violation(
        guess.traits, [g.traits for g in earlier], answer_of(game).traits
    )
    if violation is None:
        return None
    index, key = violation
    return _("Hard mode: %(name)s does not fit the %(hint)s hint from %(earlier)s.") % {
        "name": guess.display_name(lang),
        "hint": HINT_NAMES[key],
        "earlier": earlier[index].display_name(lang),
    }
