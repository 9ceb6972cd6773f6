"""Props for the guess-game island: translated strings and URLs, never the player's state.

The React island gets every string from here (gettext, edited in Rosetta), never
hard-coded English. ``{name}``-style placeholders are filled in by the island.
"""

from collections.abc import Callable
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from portal import languages
from portal.absolute import site_url
from puzzle import pokedex, rules
from puzzle.api import shapes
from puzzle.models import COLORS, TYPES, DailyPuzzle, launch_date, launched, today

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
    # Plural-neutral: the island fills {players} in the browser, where no ngettext runs.
    # xgettext:no-python-format
    "everyoneSummary": _("{percent}% of players found it ({players} played)."),
    "loading": _("Loading the puzzle…"),
    "networkError": _("We could not reach the server. Check your connection and try again."),
    "retry": _("Try again"),
    "crashed": _("Something went wrong on our side. Please try again."),
    "finished": _("Finished"),
    "notPlayed": _("Not played"),
    "inProgress": _("In progress"),
    # Erasing the player's data (privacy page, DELETE /api/player)
    "transferLink": _("Move your progress to another device"),
    "eraseData": _("Erase my data"),
    "eraseConfirm": _(
        "This deletes every game, statistic and streak we keep for you, and the player cookie. It cannot be undone."
    ),
    "eraseYes": _("Erase everything"),
    "eraseNo": _("Keep my data"),
    # Settings (docs/game-modes.md)
    "settings": _("Settings"),
    "theme": _("Theme"),
    "themeSystem": _("Same as my device"),
    "themeLight": pgettext_lazy("theme", "Light"),
    "themeDark": pgettext_lazy("theme", "Dark"),
    "highContrastHelp": _(
        "Blue and orange instead of green and red, with patterns. Your share text follows."
    ),
    "hardMode": _("Hard mode"),
    "hardModeHelp": _(
        "Every guess must fit all the hints so far. It is set when a game starts and a ★ marks it in your share text."
    ),
    "hardModeNext": _("The change applies from your next game."),
    # The lifeline
    "lifelineOffer": _("Stuck? Show the first letter"),
    "lifelineLetter": _("The name starts with “{letter}”."),
    # Endless practice
    "playAnother": _("Play another"),
    "practiceTitle": _("Practice round"),
    "practiceIntro": _(
        "A random Pokémon, just for practice: it never changes your daily statistics or streak."
    ),
    "generations": _("Generations"),
    "generationsHelp": _("Choose any generations, or none for all of them."),
    "generationShort": _("Gen {number}"),
    "practiceStats": _("Practice statistics"),
    "bestRun": _("Best run"),
    "sharePracticeTitle": _("Pokéguess practice"),
    "shareArchiveTitle": _("Pokéguess #{number}, from the archive"),
    # Archive
    "statusWon": _("Won"),
    "statusLost": _("Lost"),
    "statusPlaying": _("Playing"),
    "statusNew": _("New"),
    "nextUnplayed": _("Next puzzle"),
    # The end of today's game, and the start of it late in the day (docs/game-modes.md).
    "yesterdayWas": _("Yesterday's Pokémon was {name}."),
    "missedYesterday": _("You missed yesterday's puzzle: play #{number} in the archive"),
    "catchUp": _("Catch up on this week's missed puzzles in the archive"),
    "streakAtRisk": _("Your streak is at risk: play today's puzzle before the next one arrives."),
    # Statistics
    "distributionRow": _("{guesses}: {games}"),
    # The generation column's header on narrow screens.
    "generationHead": _("Gen."),
    # Help: every hint with an example
    "helpTypes": _(
        "Types: each slot is compared on its own. ↔ means the mystery Pokémon has that type in its other slot."
    ),
    "helpTypesExample": _(
        "You guess Bulbasaur (Grass / Poison), the answer is Zubat (Poison / Flying): type 1 Grass ✗, type 2 Poison ↔."
    ),
    "helpGeneration": _(
        "Generation: the games that first brought the Pokémon (1 = Red and Blue, 9 = Scarlet and Violet). ↑ means a later generation."
    ),
    "helpStage": _(
        "Evolution stage: 1 before any evolution, 2 after one, 3 after two. Baby Pokémon count as stage 1: Pichu is 1, Pikachu 2, Raichu 3."
    ),
    "helpColor": _(
        "Pokédex colour: the single colour the official Pokédex files a Pokémon under. It follows the main body colour, which can surprise: Snorlax is Black, Gengar is Purple."
    ),
    "helpSize": _(
        "Height and weight: ↑ the mystery Pokémon is taller or heavier than your guess, ↓ shorter or lighter. Guess Pikachu (0.4 m) and see ↑: the answer is taller than 0.4 m."
    ),
    # Example values in the help, as the hint cells show them.
    "valueGrass": dict(TYPES)["Grass"],
    "valuePoison": dict(TYPES)["Poison"],
    "valueYellow": dict(COLORS)["Yellow"],
    "helpModes": _(
        "After any game, Play another starts a practice round on a random Pokémon. Hard mode and the colours are in the settings."
    ),
}
# Replaces "howToPlayNames" where Pokémon have no official names
# (portal.languages.OFFICIAL_NAME_LANGUAGES).
NAMES_HELP_ENGLISH = _(
    "Pokémon have no official names in this language, so names are shown in English. Type the English name. Capitals, accents, spaces and punctuation do not matter. Unknown names and repeated guesses do not use an attempt."
)

# Counted words ({count} is filled in by the island). gettext's plural rules cannot run
# in the browser, so each is tabled for the counts 0–199: a digit per count picks one
# of the forms; larger counts follow their last two digits (frontend/lib/text.ts plural).
PLURALS = {
    "guessCount": lambda n: ngettext("{count} guess", "{count} guesses", n),
    "gameCount": lambda n: ngettext("{count} game", "{count} games", n),
}
PLURAL_TABLE_SIZE = 200


def plural_table(form_for: Callable[[int], str]) -> dict:
    forms: list[str] = []
    digits = []
    for count in range(PLURAL_TABLE_SIZE):
        form = form_for(count)
        if form not in forms:
            forms.append(form)
        digits.append(str(forms.index(form)))
    return {"forms": forms, "map": "".join(digits)}


def plural_tables() -> dict:
    """The counted words of the active language as :func:`plural_table`s."""
    return {key: plural_table(form) for key, form in PLURALS.items()}


def game_island_context(
    request: HttpRequest, view: str = "today", number: int | None = None
) -> dict:
    """The island's props: the same for every visitor, so a CDN may cache the page. The
    player's state, their archive progress and the CSRF token come from the API; the
    page needs no more of the puzzle than its number and its silhouette's URL."""
    lang = get_language() or languages.DEFAULT
    today_number = rules.puzzle_number(today(), launch_date())
    if view == "today":
        number = today_number
    prefix = "" if lang == languages.DEFAULT else f"/{lang}"
    strings = {key: str(value) for key, value in STRINGS.items()}
    if lang not in languages.OFFICIAL_NAME_LANGUAGES:
        strings["howToPlayNames"] = str(NAMES_HELP_ENGLISH)
    silhouette_url = _silhouette(number)
    props = {
        "lang": lang,
        "basename": prefix or "/",
        "view": view,
        "todayNumber": today_number,
        "launchDate": launch_date().isoformat(),
        "puzzleNumber": number,
        # Shown while the player's state loads, where the game will show it.
        "silhouetteUrl": silhouette_url,
        "urls": {
            "today": reverse("api:today"),
            "puzzle": reverse("api:detail", args=[0]).removesuffix("0"),
            "names": reverse("api:names") + "?" + urlencode({"lang": lang, "v": pokedex.version()}),
            "stats": reverse("api:stats"),
            "player": reverse("api:player"),
            "practice": reverse("api:practice"),
            "practiceStats": reverse("api:practice_stats"),
            "thumbs": reverse("api:thumb", args=[0]).removesuffix("0/thumb.webp"),
            "archive": reverse("api:archive"),
            "home": f"{prefix}/",
            "site": f"{site_url(request)}{prefix}/",
        },
        "strings": strings,
        "plurals": plural_tables(),
    }
    return {"game_props": props, "puzzle_number": number, "silhouette_url": silhouette_url}


def _silhouette(number: int | None) -> str | None:
    """The server-rendered silhouette's URL: the one the island gets from the API, so
    the browser fetches the image once."""
    puzzle = DailyPuzzle.for_number(number) if number else None
    answer = pokedex.get(puzzle.pokemon_id) if puzzle else None
    return shapes.silhouette_url(puzzle, answer) if puzzle and answer else None


def today_puzzle(request: HttpRequest) -> dict:
    """Context processor: ``today_puzzle``, today's puzzle number once puzzle #1 is out
    (None before), for pages that lead to it, such as the game pages' strip. No query:
    pages are cached under a key of the day (portal.public_cache)."""
    return {"today_puzzle": rules.puzzle_number(today(), launch_date()) if launched() else None}


def home_context(request: HttpRequest) -> dict:
    """The home page's game: the island, or the launch date while puzzle #1 is not out."""
    if not launched():
        return {"first_puzzle_date": launch_date()}
    return game_island_context(request)
