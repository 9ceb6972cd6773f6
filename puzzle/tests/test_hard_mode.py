"""The hard-mode rule (puzzle/rules.py hard_mode_violation): a guess must fit every hint."""

from puzzle.rules import Traits, hard_mode_violation

PIKACHU = Traits(("Electric",), 1, 2, "Yellow", 0.4, 6.0)
RAICHU = Traits(("Electric",), 1, 3, "Yellow", 0.8, 30.0)
BULBASAUR = Traits(("Grass", "Poison"), 1, 1, "Green", 0.7, 6.9)
ODDISH = Traits(("Grass", "Poison"), 1, 1, "Blue", 0.5, 5.4)
VOLTORB = Traits(("Electric",), 1, 1, "Red", 0.5, 10.4)
ZAPDOS = Traits(("Electric", "Flying"), 1, 1, "Yellow", 1.6, 52.6)


def test_the_first_guess_is_always_allowed():
    assert hard_mode_violation(BULBASAUR, [], PIKACHU) is None


def test_the_answer_always_fits():
    assert hard_mode_violation(PIKACHU, [BULBASAUR, RAICHU, VOLTORB], PIKACHU) is None


def test_a_guess_with_a_type_already_ruled_out_is_refused():
    # Bulbasaur showed that Grass is not the answer's first type.
    assert hard_mode_violation(ODDISH, [BULBASAUR], PIKACHU) == (0, "type1")


def test_a_guess_against_a_higher_lower_arrow_is_refused():
    # Raichu said the answer is smaller: Zapdos is taller, so it cannot be the answer.
    violation = hard_mode_violation(ZAPDOS, [RAICHU], PIKACHU)
    assert violation is not None
    assert violation[0] == 0
    assert violation[1] in {"type2", "stage", "height", "weight"}


def test_a_guess_against_a_correct_generation_is_refused():
    # Voltorb showed generation 1 is right; an Electric Pokémon of generation 2 is not.
    elekid_like = Traits(("Electric",), 2, 2, "Yellow", 0.4, 6.0)
    assert hard_mode_violation(elekid_like, [VOLTORB], PIKACHU) == (0, "generation")


def test_it_names_the_first_earlier_guess_that_is_contradicted():
    # Fits Bulbasaur's hints, but Voltorb (0.5 m) said the answer is shorter than 0.5 m.
    candidate = Traits(("Electric",), 1, 2, "Yellow", 0.6, 6.0)
    assert hard_mode_violation(candidate, [BULBASAUR, VOLTORB], PIKACHU) == (1, "height")


def test_a_guess_that_fits_every_hint_is_allowed():
    pichu_like = Traits(("Electric",), 1, 2, "Yellow", 0.4, 6.0)
    assert hard_mode_violation(pichu_like, [BULBASAUR, VOLTORB, RAICHU], PIKACHU) is None
