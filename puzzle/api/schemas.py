"""The API's requests and answers, described once (docs/design.md "API contract").

django-ninja validates requests and answers against these and generates the OpenAPI
document from them (``/api/openapi.json``); the island's TypeScript types are generated
from that document (``frontend/lib/api-schema.d.ts``). Nothing here names the answer
of a game still in play: ``answer`` appears once it is won or lost.

They are plain pydantic models, not ninja's ``Schema``: the views build answers as
dicts, and ``Schema`` wraps every nested value to read model attributes, which made
checking a guess's answer eight times slower."""

from datetime import date, datetime
from typing import Annotated, Literal
from uuid import UUID

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictInt

from puzzle import rules
from puzzle.services.play import MAX_NAME

Result = Literal["correct", "present", "wrong", "higher", "lower"]
Status = Literal["playing", "won", "lost"]
# Wins by number of guesses, from 1 to 6.
Distribution = Annotated[list[int], Field(min_length=6, max_length=6)]
# A JSON integer: 3 or 3.0, as JSON Schema's "integer" allows, but never "3" or true.
WholeNumber = Annotated[
    StrictInt, BeforeValidator(lambda v: int(v) if isinstance(v, float) and v.is_integer() else v)
]


# The request bodies' documents say no more than the rules accept (puzzle/services/play.py),
# so a client built from them never sends what the server turns down as malformed
# (puzzle/tests/test_fuzz.py). The rules themselves refuse the rest, with their own codes
# (empty_guess, name_too_long, invalid_generations), so these bounds are documented here,
# not enforced a second time. No other property is documented: a body stays far below
# the API's 2 KB limit.
CLOSED: dict = {"additionalProperties": False}
# At most MAX_NAME characters with one that is neither a space nor a control character.
GUESS_NAME: dict = {"minLength": 1, "maxLength": MAX_NAME, "pattern": r"[^\s\x00-\x1f\x7f-\x9f]"}


class GuessIn(BaseModel):
    model_config = ConfigDict(json_schema_extra=CLOSED)

    name: str = Field(json_schema_extra=GUESS_NAME)
    # With the first guess: play this game in hard mode (kept for the game).
    hard_mode: StrictBool = False
    # The number of guesses the game had when this one was typed: a retry of a guess
    # the server already took answers the game as it stands (docs/game-modes.md).
    # Documented, not enforced: any other number only finds no guess to repeat.
    attempt: (
        Annotated[
            WholeNumber,
            Field(json_schema_extra={"minimum": 0, "maximum": rules.ATTEMPTS - 1}),
        ]
        | None
    ) = None


class PracticeIn(BaseModel):
    model_config = ConfigDict(json_schema_extra=CLOSED)

    # Any of 1–9, each once; none or empty means every generation.
    generations: (
        Annotated[
            list[Annotated[WholeNumber, Field(json_schema_extra={"minimum": 1, "maximum": 9})]],
            Field(json_schema_extra={"maxItems": 9, "uniqueItems": True}),
        ]
        | None
    ) = None
    hard_mode: StrictBool = False


class Hint(BaseModel):
    key: Literal["type1", "type2", "generation", "stage", "color", "height", "weight"]
    value: str | float
    label: str
    result: Result


class HintRow(BaseModel):
    name: str
    correct: bool
    hints: list[Hint]


class Answer(BaseModel):
    name: str
    name_en: str
    artwork_url: str
    types: list[str]
    generation: int


class Yesterday(BaseModel):
    number: int
    name: str | None


class GameState(BaseModel):
    status: Status
    guesses: Annotated[list[HintRow], Field(max_length=6)]
    practice: bool
    hard_mode: bool
    # The lifeline's letter once taken; whether it may be taken now.
    lifeline: str | None
    lifeline_offered: bool
    answer: Answer | None = None  # only once the game is won or lost
    # Today's finished game: yesterday's puzzle, named only if the player finished it.
    yesterday: Yesterday | None = None


class Puzzle(BaseModel):
    number: int
    date: date
    is_today: bool
    attempts_allowed: int
    silhouette_url: str
    next_puzzle_at: datetime
    state: GameState


class PuzzleRead(Puzzle):
    # Pages carry no CSRF token (a CDN caches them): the island takes it from here.
    csrf_token: str


class PuzzleGuessed(Puzzle):
    guess: HintRow


class Practice(BaseModel):
    round: UUID
    generations: list[int]
    attempts_allowed: int
    silhouette_url: str
    state: GameState


class PracticeGuessed(Practice):
    guess: HintRow


class Results(BaseModel):
    number: int
    players: int
    wins: int
    win_percent: int
    distribution: Distribution


class Stats(BaseModel):
    played: int
    wins: int
    win_percent: int
    current_streak: int
    max_streak: int
    distribution: Distribution
    losses: int
    last_win: date | None
    streak_broken: bool


class PracticeStats(BaseModel):
    played: int
    won: int
    best_run: int
    current_run: int


class NameEntry(BaseModel):
    name: str
    id: int  # the national Pokédex number, for the suggestion's picture
    en: str | None = None  # the English name, where it differs
    # Other spellings the server accepts for it (older, regional, transliterated, typed
    # without symbols): the suggestions match them too.
    aka: list[str] | None = None


class Names(BaseModel):
    lang: str
    version: str
    names: list[NameEntry]


class Archive(BaseModel):
    # Puzzle number → how the player's game of it stands.
    played: dict[str, Status]


class Transfer(BaseModel):
    code: str
    expires_at: datetime
    # The code's page, /transfer/#CODE, as an SVG QR code for the other device's camera.
    qr_svg: str


class TransferIn(BaseModel):
    code: Annotated[str, Field(max_length=40)]
