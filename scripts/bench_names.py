"""What the simulated players of ``make bench`` and ``make bench-spike`` type."""

GUESSES = [
    "Bulbasaur",
    "Charmander",
    "Squirtle",
    "Pikachu",
    "Eevee",
    "Snorlax",
    "Gengar",
    "Mewtwo",
    "Lucario",
    "Greninja",
    "Piplup",
    "Togepi",
    "Jigglypuff",
    "Psyduck",
]
TYPOS = ["Bulbsaur", "Pikachuu"]  # the 422 path (unknown name, a suggestion)
