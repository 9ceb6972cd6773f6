"""Carry translations over to messages whose key changed in the source, before
``makemessages`` merges the catalogues (``make messages`` runs both): a word that
gained a context, a sentence whose Pokémon names became placeholders. Without it
``msgmerge`` would only offer the old text as a fuzzy guess, which the site never shows.

Each translated entry under an old key is copied to its new key(s), and the old entry
stays for ``makemessages --no-obsolete`` to drop once nothing uses it. An old key still in
a catalogue after that came from a branch merged later, so its text is the newer one and
wins; once it is gone, running this again changes nothing.
"""

from dataclasses import dataclass, field

import polib
from django.core.management.base import BaseCommand

from portal import catalogues
from puzzle import pokedex


@dataclass(frozen=True)
class Move:
    old: str
    new: str
    contexts: tuple[str | None, ...] = (None,)
    # Placeholder as written in the new message -> the English name it stands for.
    names: dict[str, str] = field(default_factory=dict)


MOVES = [
    Move("Guess", "Guess", ("button: send a guess",)),
    Move("Stage", "Stage", ("evolution stage",)),
    Move("Played", "Played", ("statistic: games played",)),
    Move("Close", "Close", ("button: close a dialog",)),
    Move("correct", "correct", ("hint result",)),
    Move("wrong", "wrong", ("hint result",)),
    Move("Won", "Won", ("puzzle state",)),
    Move("Lost", "Lost", ("puzzle state",)),
    Move("Playing", "Playing", ("puzzle state",)),
    Move("New", "New", ("puzzle state",)),
    Move("Finished", "Finished", ("puzzle state", "number of games finished")),
    Move("playing", "playing", ("game state",)),
    Move("won", "won", ("game state",)),
    Move("lost", "lost", ("game state",)),
    Move("Guesses", "Guesses", ("number of guesses",)),
    Move("Share", "Share", ("part of the whole",)),
    Move("Typed", "Typed", ("what players typed",)),
    Move("Times", "Times", ("how many times",)),
    Move("Switch", "Switch", ("button: change the language",)),
    Move("Range", "Range", ("weapon stat",)),
    Move("Medium", "Medium", ("difficulty",)),
    *[
        Move(word, word, ("Pokémon type",))
        for word in [
            "Normal",
            "Fire",
            "Water",
            "Electric",
            "Grass",
            "Ice",
            "Fighting",
            "Poison",
            "Ground",
            "Flying",
            "Psychic",
            "Bug",
            "Rock",
            "Ghost",
            "Dragon",
            "Dark",
            "Steel",
            "Fairy",
        ]
    ],
    *[
        Move(word, word, ("Pokédex colour",))
        for word in [
            "Black",
            "Blue",
            "Brown",
            "Grey",
            "Green",
            "Pink",
            "Purple",
            "Red",
            "White",
            "Yellow",
        ]
    ],
    Move(
        "The game knows every species from Bulbasaur to the latest generation, and you can "
        "type names in your own language. Your progress is saved on our server, so a reload "
        "or a second tab never costs you a guess.",
        "The game knows every species from %(first)s to the latest generation, and you can "
        "type names in your own language. Your progress is saved on our server, so a reload "
        "or a second tab never costs you a guess.",
        names={"%(first)s": "Bulbasaur"},
    ),
    Move(
        "Stage counts evolutions from the first Pokémon of a family, baby Pokémon included: "
        "Pichu is stage 1, Pikachu stage 2 and Raichu stage 3. A Pokémon that does not evolve "
        "is stage 1.",
        "Stage counts evolutions from the first Pokémon of a family, baby Pokémon included: "
        "%(baby)s is stage 1, %(basic)s stage 2 and %(evolved)s stage 3. A Pokémon that does "
        "not evolve is stage 1.",
        names={"%(baby)s": "Pichu", "%(basic)s": "Pikachu", "%(evolved)s": "Raichu"},
    ),
    Move(
        "You guess Bulbasaur (Grass / Poison), the answer is Zubat (Poison / Flying): type 1 "
        "Grass ✗, type 2 Poison ↔.",
        "You guess {guess} (Grass / Poison), the answer is {answer} (Poison / Flying): type 1 "
        "Grass ✗, type 2 Poison ↔.",
        names={"{guess}": "Bulbasaur", "{answer}": "Zubat"},
    ),
    Move(
        "Evolution stage: 1 before any evolution, 2 after one, 3 after two. Baby Pokémon count "
        "as stage 1: Pichu is 1, Pikachu 2, Raichu 3.",
        "Evolution stage: 1 before any evolution, 2 after one, 3 after two. Baby Pokémon count "
        "as stage 1: {baby} is 1, {basic} 2, {evolved} 3.",
        names={"{baby}": "Pichu", "{basic}": "Pikachu", "{evolved}": "Raichu"},
    ),
    Move(
        "Pokédex colour: the single colour the official Pokédex files a Pokémon under. It "
        "follows the main body colour, which can surprise: Snorlax is Black, Gengar is Purple.",
        "Pokédex colour: the single colour the official Pokédex files a Pokémon under. It "
        "follows the main body colour, which can surprise: {black} is Black, {purple} is "
        "Purple.",
        names={"{black}": "Snorlax", "{purple}": "Gengar"},
    ),
    Move(
        "Height and weight: ↑ the mystery Pokémon is taller or heavier than your guess, ↓ "
        "shorter or lighter. Guess Pikachu (0.4 m) and see ↑: the answer is taller than 0.4 m.",
        "Height and weight: ↑ the mystery Pokémon is taller or heavier than your guess, ↓ "
        "shorter or lighter. Guess {name} (0.4 m) and see ↑: the answer is taller than 0.4 m.",
        names={"{name}": "Pikachu"},
    ),
]


# How translators wrote a name in languages without official names, where the site shows
# the English one (the longest form first: Russian declines them).
WRITTEN = {
    "ar": {"Bulbasaur": ["بولباسور"]},
    "hi": {"Bulbasaur": ["बल्बासॉर"]},
    "ru": {
        "Bulbasaur": ["Бульбазавра", "Бульбазавр"],
        "Zubat": ["Зубат"],
        "Pichu": ["Пичу"],
        "Pikachu": ["Пикачу"],
        "Raichu": ["Райчу"],
        "Snorlax": ["Снорлакс"],
        "Gengar": ["Генгар"],
    },
}


def without_names(text: str, names: dict[str, str], lang: str) -> str | None:
    """``text`` (a translation) with each Pokémon's name, in ``lang`` or else in English,
    replaced by its placeholder; None when one of them is not in it."""
    official = pokedex.official_names(list(names.values()), lang)
    for placeholder, english in names.items():
        written = [official.get(english, english), english, *WRITTEN.get(lang, {}).get(english, [])]
        for name in dict.fromkeys(written):
            if name in text:
                text = text.replace(name, placeholder, 1)
                break
        else:
            return None
    return text


def carry(po: polib.POFile, lang: str) -> list[str]:
    """Copy the translations of ``po`` to the new keys of ``MOVES``; the problems (a
    translation whose names could not be found, copied as fuzzy)."""
    problems = []
    for move in MOVES:
        old = catalogues.find(po, move.old, None)
        if old is None or not old.translated():
            continue
        text = without_names(old.msgstr, move.names, lang) if move.names else old.msgstr
        for context in move.contexts:
            new = catalogues.find(po, move.new, context)
            if new is None:
                new = polib.POEntry(msgid=move.new, msgctxt=context)
                po.append(new)
            elif text is None and new.translated():
                continue
            new.msgstr = old.msgstr if text is None else text
            new.flags = [flag for flag in new.flags if flag != "fuzzy"]
            if text is None:
                new.flags.append("fuzzy")
                problems.append(f"{lang}: the names of {move.old[:50]!r} were not found")
    return problems


class Command(BaseCommand):
    help = "Carry translations over to messages whose key changed (run by make messages)."
    requires_system_checks: list[str] = []

    def handle(self, *args, **options) -> None:
        for lang in catalogues.languages():
            path = catalogues.path_of(lang)
            po = catalogues.read(path)
            before = po.__unicode__()
            for problem in carry(po, lang):
                self.stderr.write(problem)
            if po.__unicode__() != before:
                po.save(str(path))
                self.stdout.write(f"{lang}: translations carried over")
