"""Props for the guess-game island: translated strings and URLs, never the player's state.

The React island gets every string from here (gettext, edited in Rosetta), never
hard-coded English. ``{name}``-style placeholders are filled in by the island.
"""

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from portal import languages
from portal.absolute import site_url
from puzzle import memory, rules
from puzzle.models import DailyPuzzle, launch_date, today

STRINGS = {
    "title": _("Who's that Pokémon?"),
    "puzzleNumber": _("Puzzle #{number}"),
    "practiceNote": _("Practice puzzle: it does not change your statistics or streak."),
    "attempts": _("Guess {used} of {total}"),
    "inputLabel": _("Your guess"),
    "placeholder": _("Type a Pokémon name…"),
    "submit": _("Guess"),
    "noMatches": _("No Pokémon matches that name."),
    "suggestionsLabel": _("Matching Pokémon"),
    "guessesHeading": _("Your guesses"),
    "pokemon": _("Pokémon"),
    "type1": _("Type 1"),
    "type2": _("Type 2"),
    "generation": _("Generation"),
    "stage": _("Stage"),
    "color": _("Colour"),
    "height": _("Height"),
    "weight": _("Weight"),
    "none": _("None"),
    "correct": _("correct"),
    "present": _("in the other type slot"),
    "wrong": _("wrong"),
    "higher": _("the answer is higher"),
    "lower": _("the answer is lower"),
    "announceGuess": _("{name}: {correct} of {total} hints match."),
    "won": _("You got it! It's {name}!"),
    "lost": _("Out of guesses! It was {name}."),
    "englishName": _("English name: {name}"),
    "artworkAlt": _("Artwork of {name}"),
    "silhouetteAlt": _("Silhouette of the mystery Pokémon"),
    "statistics": _("Statistics"),
    "played": _("Played"),
    "winPercent": _("Win %"),
    "currentStreak": _("Current streak"),
    "maxStreak": _("Max streak"),
    "distribution": _("Guess distribution"),
    "streakBroken": _(
        "You missed a day, so your streak started over. Play today to build a new one!"
    ),
    "share": _("Share result"),
    "copied": _("Result copied to the clipboard."),
    "shareFailed": _("Sharing did not work. Select the text below and copy it."),
    "shareTitle": _("Pokéguess #{number}"),
    "nextPuzzle": _("Next Pokémon in"),
    "newPuzzleReady": _("A new puzzle is ready!"),
    "playNew": _("Play the new puzzle"),
    "howToPlay": _("How to play"),
    "howToPlayIntro": _(
        "Guess the Pokémon behind the silhouette in 6 tries. A new one appears every day at 00:00 UTC."
    ),
    "howToPlayHints": _(
        "After each guess, every attribute of your guess is compared with the mystery Pokémon:"
    ),
    "howToPlayCorrect": _("Correct: the same as the mystery Pokémon."),
    "howToPlayPresent": _("Other slot: the type is right but in the other slot."),
    "howToPlayHigherLower": _("Higher or lower: the mystery Pokémon's value is higher or lower."),
    "howToPlayWrong": _("Wrong: no match."),
    "howToPlayNames": _(
        "Names work in this page's language or in English. Capitals, accents, spaces and punctuation do not matter. Unknown names and repeated guesses do not use an attempt."
    ),
    "close": _("Close"),
    "highContrast": _("High-contrast colours"),
    "archive": _("Puzzle archive"),
    "archiveIntro": _(
        "Replay any past puzzle for practice. Practice games never change your statistics or streak."
    ),
    "playPuzzle": _("Play puzzle #{number}"),
    "backToToday": _("Back to today's puzzle"),
    "backToArchive": _("All past puzzles"),
    "everyone": _("How everyone did"),
    # xgettext:no-python-format
    "everyoneSummary": _("{percent}% of {players} players found it."),
    "loading": _("Loading the puzzle…"),
    "networkError": _("We could not reach the server. Check your connection and try again."),
    "retry": _("Try again"),
    "finished": _("Finished"),
    "notPlayed": _("Not played"),
    "inProgress": _("In progress"),
}


def game_island_context(
    request: HttpRequest, view: str = "today", puzzle: DailyPuzzle | None = None
) -> dict:
    """The island's props: the same for every visitor, so a CDN may cache the page. The
    player's state, their archive progress and the CSRF token come from the API."""
    lang = get_language() or languages.DEFAULT
    if view == "today":
        puzzle = memory.puzzle_for_date(today())
    prefix = "" if lang == languages.DEFAULT else f"/{lang}"
    props = {
        "lang": lang,
        "basename": prefix or "/",
        "view": view,
        "todayNumber": rules.puzzle_number(today(), launch_date()),
        "launchDate": launch_date().isoformat(),
        "puzzleNumber": puzzle.number if puzzle is not None else None,
        "urls": {
            "today": reverse("puzzle_api:today"),
            "puzzle": reverse("puzzle_api:detail", args=[0]).removesuffix("0"),
            "names": reverse("puzzle_api:names") + f"?lang={lang}",
            "stats": reverse("puzzle_api:stats"),
            "archive": reverse("puzzle_api:archive"),
            "home": f"{prefix}/",
            "site": f"{site_url(request)}{prefix}/",
        },
        "strings": {key: str(value) for key, value in STRINGS.items()},
    }
    return {"game_props": props, "puzzle": puzzle}
