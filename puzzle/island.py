"""Props for the guess-game island: translated strings and URLs, never the player's state.

The React island gets every string from here (gettext, edited in Rosetta), never
hard-coded English. ``{name}``-style placeholders are filled in by the island.
"""

from collections.abc import Callable
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from portal import languages
from portal.absolute import site_url
from puzzle import pokedex, rules
from puzzle.api import shapes
from puzzle.models import COLORS, TYPES, DailyPuzzle, launch_date, launched, today

STRINGS = {
    # Translators: the game's heading, the catchphrase of the anime's quiz.
    "title": _("Who's that Pokémon?"),
    # Translators: {number} is the daily puzzle's number.
    "puzzleNumber": _("Puzzle #{number}"),
    "practiceNote": _("Practice puzzle: it does not change your statistics or streak."),
    # Translators: above the input; {used} is the number of the guess being made, {total}
    # the guesses a game allows (6).
    "attempts": _("Guess {used} of {total}"),
    # Translators: the label of the field where the player types a Pokémon name.
    "inputLabel": _("Your guess"),
    # Translators: shown inside the empty name field.
    "placeholder": _("Type a Pokémon name…"),
    # Translators: the button that sends the typed name; keep it short.
    "submit": pgettext_lazy("button: send a guess", "Guess"),
    # Translators: under the name field when the typed text matches no name.
    "noMatches": _("No Pokémon matches that name."),
    # Translators: read by screen readers: the list of names matching what was typed.
    "suggestionsLabel": _("Matching Pokémon"),
    # Translators: the heading of the table of the player's guesses so far.
    "guessesHeading": _("Your guesses"),
    # Translators: the column headers of the hint table; narrow cells, keep them short.
    "pokemon": _("Pokémon"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "type1": _("Type 1"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "type2": _("Type 2"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "generation": _("Generation"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "stage": pgettext_lazy("evolution stage", "Stage"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "color": _("Colour"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "height": _("Height"),
    # Translators: a column header of the hint table: narrow, keep it short.
    "weight": _("Weight"),
    # Translators: a hint cell for a Pokémon that has no second type.
    "none": _("None"),
    # Translators: what a hint cell means, read out by screen readers after its value.
    "correct": pgettext_lazy("hint result", "correct"),
    # Translators: read by screen readers after a type: the answer has it, in its other type
    # slot.
    "present": _("in the other type slot"),
    "wrong": pgettext_lazy("hint result", "wrong"),
    # Translators: read by screen readers after a value: the answer's is higher.
    "higher": _("the answer is higher"),
    # Translators: read by screen readers after a value: the answer's is lower.
    "lower": _("the answer is lower"),
    # Translators: read out after a guess; {name} is the guessed Pokémon's name, {correct}
    # the number of matching hints, {total} the number of hints.
    "announceGuess": _("{name}: {correct} of {total} hints match."),
    # Translators: {name} is the answer's Pokémon name, in the page's language.
    "won": _("You got it! It's {name}!"),
    # Translators: {name} is the answer's Pokémon name, in the page's language.
    "lost": _("Out of guesses! It was {name}."),
    # Translators: {name} is the answer's English name, shown under its name in the page's
    # language.
    "englishName": _("English name: {name}"),
    # Translators: an image's alternative text; {name} is a Pokémon name.
    "artworkAlt": _("Artwork of {name}"),
    # Translators: the alternative text of the black shape the player must recognise.
    "silhouetteAlt": _("Silhouette of the mystery Pokémon"),
    # Translators: the heading of the player's statistics dialog.
    "statistics": _("Statistics"),
    # Translators: the statistics' labels, under big numbers: keep them short.
    "played": pgettext_lazy("statistic: games played", "Played"),
    # Translators: a statistic's label under a number: the share of games won, in percent.
    # Keep it short.
    "winPercent": _("Win %"),
    # Translators: a statistic's label under a number: days won in a row until today. Keep
    # it short.
    "currentStreak": _("Current streak"),
    # Translators: a statistic's label under a number: the longest run of days won. Keep it
    # short.
    "maxStreak": _("Max streak"),
    # Translators: the heading of a bar chart: how many games were won in 1, 2, … 6 guesses.
    "distribution": _("Guess distribution"),
    "streakBroken": _(
        "You missed a day, so your streak started over. Play today to build a new one!"
    ),
    # Translators: a button that copies or shares the player's result (coloured squares, no
    # names).
    "share": _("Share result"),
    # Translators: a checkbox under the share button: the shared text without line breaks.
    "shareOneLine": _("Share on one line"),
    "copied": _("Result copied to the clipboard."),
    "shareFailed": _("Sharing did not work. Select the text below and copy it."),
    # Translators: the first line of the shared result; {number} is the puzzle's number.
    "shareTitle": _("Pokéguess #{number}"),
    # Translators: followed by a countdown (hours:minutes:seconds) to the next daily puzzle.
    "nextPuzzle": _("Next Pokémon in"),
    "newPuzzleReady": _("A new puzzle is ready!"),
    # Translators: a button shown when the day changed while the page was open.
    "playNew": _("Play the new puzzle"),
    # Translators: the heading of the help dialog, and the button that opens it.
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
    # Translators: a button that closes a dialog.
    "close": pgettext_lazy("button: close a dialog", "Close"),
    # Translators: a setting's name: colours for colour-blind players.
    "highContrast": _("High-contrast colours"),
    # Translators: the heading of the list of past puzzles.
    "archive": _("Puzzle archive"),
    "archiveIntro": _(
        "Replay any past puzzle for practice. Practice games never change your statistics or streak."
    ),
    # Translators: a link in the archive; {number} is a past puzzle's number.
    "playPuzzle": _("Play puzzle #{number}"),
    # Translators: a puzzle's number on its own, as in the archive's list ("#27", "Nr. 27").
    "numberSign": pgettext_lazy("puzzle number", "#{number}"),
    # Translators: a link from a past puzzle to today's.
    "backToToday": _("Back to today's puzzle"),
    # Translators: a link back to the list of past puzzles.
    "backToArchive": _("All past puzzles"),
    # Translators: the heading of today's figures for all players, after a game.
    "everyone": _("How everyone did"),
    # Translators: {percent} is a whole percentage (the sign follows), {players} the number
    # of players, already formatted; written so that no plural is needed.
    # xgettext:no-python-format
    "everyoneSummary": _("{percent}% of players found it ({players} played)."),
    # Translators: shown while the game loads.
    "loading": _("Loading the puzzle…"),
    "networkError": _("We could not reach the server. Check your connection and try again."),
    # Translators: a button that loads again what failed.
    "retry": _("Try again"),
    "crashed": _("Something went wrong on our side. Please try again."),
    # Translators: the state of a past puzzle in the archive, on a small label.
    "finished": pgettext_lazy("puzzle state", "Finished"),
    # Translators: the state of a past puzzle in the archive, on a small label.
    "notPlayed": _("Not played"),
    # Translators: the state of a past puzzle in the archive, on a small label.
    "inProgress": _("In progress"),
    # Erasing the player's data (privacy page, DELETE /api/player)
    # Translators: a link in the statistics dialog to the page that moves a player's
    # progress to another device.
    "transferLink": _("Move your progress to another device"),
    # Translators: a button on the privacy page; a confirmation follows.
    "eraseData": _("Erase my data"),
    "eraseConfirm": _(
        "This deletes every game, statistic and streak we keep for you, your name on the boards, your league places and the player cookie. It cannot be undone."
    ),
    # Translators: the button that confirms erasing; it cannot be undone.
    "eraseYes": _("Erase everything"),
    # Translators: the button that cancels erasing.
    "eraseNo": _("Keep my data"),
    # Settings (docs/game-modes.md)
    # Translators: the heading of the settings dialog, and the button that opens it.
    "settings": _("Settings"),
    # Translators: a setting: light or dark colours.
    "theme": _("Theme"),
    # Translators: a choice of the theme setting: follow the device's light or dark mode.
    "themeSystem": _("Same as my device"),
    # Translators: a choice of the theme setting.
    "themeLight": pgettext_lazy("theme", "Light"),
    # Translators: a choice of the theme setting.
    "themeDark": pgettext_lazy("theme", "Dark"),
    "highContrastHelp": _(
        "Blue and orange instead of green and red, with patterns. Your share text follows."
    ),
    # Translators: a setting's name: every guess must fit all the hints so far.
    "hardMode": _("Hard mode"),
    "hardModeHelp": _(
        "Every guess must fit all the hints so far. It is set when a game starts and a ★ marks it in your share text."
    ),
    "hardModeNext": _("The change applies from your next game."),
    # The lifeline
    # Translators: a button that shows the first letter of the answer's name.
    "lifelineOffer": _("Stuck? Show the first letter"),
    # Translators: {letter} is the first letter of the answer's name.
    "lifelineLetter": _("The name starts with “{letter}”."),
    # Endless practice
    # Translators: a button that starts a practice round on a random Pokémon.
    "playAnother": _("Play another"),
    # Translators: the heading of a practice round.
    "practiceTitle": _("Practice round"),
    "practiceIntro": _(
        "A random Pokémon, just for practice: it never changes your daily statistics or streak."
    ),
    # Translators: the heading of the generation filter of practice rounds.
    "generations": _("Generations"),
    "generationsHelp": _("Choose any generations, or none for all of them."),
    # Translators: a generation's short name on a small button; {number} is 1 to 9.
    "generationShort": _("Gen {number}"),
    # Translators: the heading of the practice rounds' statistics.
    "practiceStats": _("Practice statistics"),
    # Translators: a statistic's label under a number: most practice rounds won in a row.
    "bestRun": _("Best run"),
    # Translators: the first line of a shared practice result.
    "sharePracticeTitle": _("Pokéguess practice"),
    # Translators: the first line of a shared archive result; {number} is the puzzle's
    # number.
    "shareArchiveTitle": _("Pokéguess #{number}, from the archive"),
    # Archive
    # Translators: the state of a past puzzle in the archive, on a small label.
    "statusWon": pgettext_lazy("puzzle state", "Won"),
    "statusLost": pgettext_lazy("puzzle state", "Lost"),
    "statusPlaying": pgettext_lazy("puzzle state", "Playing"),
    "statusNew": pgettext_lazy("puzzle state", "New"),
    # Translators: a link to the next puzzle the player has not played.
    "nextUnplayed": _("Next puzzle"),
    # The end of today's game, and the start of it late in the day (docs/game-modes.md).
    # Translators: at the end of today's game; {name} is a Pokémon's name.
    "yesterdayWas": _("Yesterday's Pokémon was {name}."),
    # Translators: a link at the end of today's game; {number} is yesterday's puzzle number.
    "missedYesterday": _("You missed yesterday's puzzle: play #{number} in the archive"),
    # Translators: a link at the end of today's game to the archive, when the player
    # skipped days this week.
    "catchUp": _("Catch up on this week's missed puzzles in the archive"),
    # Translators: a link at the end of today's game to the leaderboards page.
    "leaderboard": _("See who else named it on today's leaderboard"),
    # Translators: shown late in the day, before today's game is started, to a player
    # with a streak.
    "streakAtRisk": _("Your streak is at risk: play today's puzzle before the next one arrives."),
    # Statistics
    # Translators: a row of the guess distribution; {guesses} is a number of guesses (1 to
    # 6), {games} the number of games won with that many.
    "distributionRow": _("{guesses}: {games}"),
    # Translators: the generation column's header on narrow screens: a very short
    # abbreviation.
    "generationHead": _("Gen."),
    # Help: every hint with an example
    "helpTypes": _(
        "Types: each slot is compared on its own. ↔ means the mystery Pokémon has that type in its other slot."
    ),
    "helpTypesExample": _(
        # Translators: {guess} and {answer} are Pokémon names (Bulbasaur and Zubat), filled in
        # the page's language.
        "You guess {guess} (Grass / Poison), the answer is {answer} (Poison / Flying): type 1 Grass ✗, type 2 Poison ↔."
    ),
    "helpGeneration": _(
        "Generation: the games that first brought the Pokémon (1 = Red and Blue, 9 = Scarlet and Violet). ↑ means a later generation."
    ),
    "helpStage": _(
        # Translators: {baby}, {basic} and {evolved} are Pokémon names (Pichu, Pikachu and
        # Raichu), filled in the page's language.
        "Evolution stage: 1 before any evolution, 2 after one, 3 after two. Baby Pokémon count as stage 1: {baby} is 1, {basic} 2, {evolved} 3."
    ),
    "helpColor": _(
        # Translators: {black} and {purple} are Pokémon names (Snorlax and Gengar), filled in
        # the page's language.
        "Pokédex colour: the single colour the official Pokédex files a Pokémon under. It follows the main body colour, which can surprise: {black} is Black, {purple} is Purple."
    ),
    "helpSize": _(
        # Translators: {name} is a Pokémon name (Pikachu), filled in the page's language.
        "Height and weight: ↑ the mystery Pokémon is taller or heavier than your guess, ↓ shorter or lighter. Guess {name} (0.4 m) and see ↑: the answer is taller than 0.4 m."
    ),
    # Example values in the help, as the hint cells show them.
    "valueGrass": dict(TYPES)["Grass"],
    "valuePoison": dict(TYPES)["Poison"],
    "valueYellow": dict(COLORS)["Yellow"],
    # Pikachu's size, with the number formatting of the hint cells ("0,4 m" in German).
    "valueHeight": lazy(shapes.height_label, str)(0.4),
    "valueWeight": lazy(shapes.weight_label, str)(6),
    "helpModes": _(
        "After any game, Play another starts a practice round on a random Pokémon. Hard mode and the colours are in the settings."
    ),
}
# The Pokémon the help's examples name, by placeholder (English names): filled in with
# their names in the page's language, so translators never translate a Pokémon's name.
EXAMPLE_POKEMON = {
    "helpTypesExample": {"guess": "Bulbasaur", "answer": "Zubat"},
    "helpStage": {"baby": "Pichu", "basic": "Pikachu", "evolved": "Raichu"},
    "helpColor": {"black": "Snorlax", "purple": "Gengar"},
    "helpSize": {"name": "Pikachu"},
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
    # Translators: {count} is a number of guesses.
    "guessCount": lambda n: ngettext("{count} guess", "{count} guesses", n),
    # Translators: {count} is a number of games.
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


def fill_names(text: str, examples: dict[str, str], lang: str) -> str:
    """``text`` with each ``{placeholder}`` of ``examples`` replaced by that Pokémon's name
    in ``lang`` (English where it has none)."""
    names = pokedex.official_names(list(examples.values()), lang)
    for key, english in examples.items():
        text = text.replace("{" + key + "}", names.get(english, english))
    return text


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
    for key, examples in EXAMPLE_POKEMON.items():
        strings[key] = fill_names(strings[key], examples, lang)
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
