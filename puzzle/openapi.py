"""The public API described as OpenAPI 3.1, served at ``/api/openapi.json``.

A static description kept beside the code. ``puzzle/tests/test_openapi.py`` keeps it
true: every route in ``puzzle.api_urls`` is documented, real responses validate
against these schemas, and schemathesis fuzzes the API from it.
"""

from django.http import HttpRequest, JsonResponse

from puzzle.decorators import api_view


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict:
    return _json(_ref("Error"), description)


LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "Language of messages and names (else the language cookie, else English).",
    "schema": {"type": "string"},
}
NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "description": "Puzzle number (1 = launch day). Unreleased or unknown numbers are 404.",
    "schema": {"type": "integer"},
}
# Every operation may also answer these (docs/design.md "API contract": one error shape).
COMMON_ERRORS = {
    "405": _error("Method not allowed (the Allow header lists the methods)."),
    "500": _error("Unexpected server error."),
    "503": _error("The database is unreachable (code service_unavailable, Retry-After set)."),
    "default": _error("Any other error, in the same shape."),
}

HINT_RESULTS = ["correct", "present", "wrong", "higher", "lower"]

SCHEMAS = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string", "description": "Stable, machine-readable."},
                    "message": {"type": "string", "description": "Translated, for people."},
                    "suggestions": {"type": "array", "items": {"type": "string"}},
                },
            }
        },
    },
    "Hint": {
        "type": "object",
        "required": ["key", "value", "label", "result"],
        "properties": {
            "key": {"enum": ["type1", "type2", "generation", "stage", "color", "height", "weight"]},
            "value": {"type": ["string", "number"]},
            "label": {"type": "string"},
            "result": {"enum": HINT_RESULTS},
        },
    },
    "HintRow": {
        "type": "object",
        "required": ["name", "correct", "hints"],
        "properties": {
            "name": {"type": "string"},
            "correct": {"type": "boolean"},
            "hints": {"type": "array", "items": _ref("Hint")},
        },
    },
    "Answer": {
        "type": "object",
        "required": ["name", "name_en", "artwork_url", "types", "generation"],
        "properties": {
            "name": {"type": "string"},
            "name_en": {"type": "string"},
            "artwork_url": {"type": "string"},
            "types": {"type": "array", "items": {"type": "string"}},
            "generation": {"type": "integer"},
        },
    },
    "GameState": {
        "type": "object",
        "required": ["status", "guesses", "practice"],
        "properties": {
            "status": {"enum": ["playing", "won", "lost"]},
            "guesses": {"type": "array", "items": _ref("HintRow"), "maxItems": 6},
            "practice": {"type": "boolean"},
            "answer": {**_ref("Answer"), "description": "Only once the game is won or lost."},
        },
    },
    "Puzzle": {
        "type": "object",
        "required": [
            "number",
            "date",
            "is_today",
            "attempts_allowed",
            "silhouette_url",
            "next_puzzle_at",
            "state",
        ],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "date": {"type": "string", "format": "date"},
            "is_today": {"type": "boolean"},
            "attempts_allowed": {"const": 6},
            "silhouette_url": {"type": "string"},
            "next_puzzle_at": {"type": "string", "format": "date-time"},
            "state": _ref("GameState"),
        },
    },
    "GuessResult": {
        "allOf": [
            _ref("Puzzle"),
            {"type": "object", "required": ["guess"], "properties": {"guess": _ref("HintRow")}},
        ]
    },
    "Distribution": {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 6,
        "maxItems": 6,
        "description": "Wins by number of guesses (1 to 6).",
    },
    "Results": {
        "type": "object",
        "required": ["number", "players", "wins", "win_percent", "distribution"],
        "properties": {
            "number": {"type": "integer"},
            "players": {"type": "integer", "minimum": 0},
            "wins": {"type": "integer", "minimum": 0},
            "win_percent": {"type": "integer", "minimum": 0, "maximum": 100},
            "distribution": _ref("Distribution"),
        },
    },
    "Stats": {
        "type": "object",
        "required": [
            "played",
            "wins",
            "win_percent",
            "current_streak",
            "max_streak",
            "distribution",
            "losses",
            "last_win",
            "streak_broken",
        ],
        "properties": {
            "played": {"type": "integer", "minimum": 0},
            "wins": {"type": "integer", "minimum": 0},
            "win_percent": {"type": "integer", "minimum": 0, "maximum": 100},
            "current_streak": {"type": "integer", "minimum": 0},
            "max_streak": {"type": "integer", "minimum": 0},
            "distribution": _ref("Distribution"),
            "losses": {"type": "integer", "minimum": 0},
            "last_win": {"type": ["string", "null"], "format": "date"},
            "streak_broken": {"type": "boolean"},
        },
    },
    "Names": {
        "type": "object",
        "required": ["lang", "version", "names"],
        "properties": {
            "lang": {"type": "string"},
            "version": {"type": "string"},
            "names": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "properties": {"name": {"type": "string"}, "en": {"type": "string"}},
                },
            },
        },
    },
    "GuessRequest": {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "description": "A Pokémon name."},
            "hard_mode": {
                "type": "boolean",
                "description": "With the first guess: play this game in hard mode.",
            },
        },
    },
    "PracticeRequest": {
        "type": "object",
        "properties": {
            "generations": {"type": "array", "items": {"type": "integer"}},
            "hard_mode": {"type": "boolean"},
        },
    },
    "PracticeRound": {
        "type": "object",
        "required": ["round", "state"],
        "properties": {"round": {"type": "string"}, "state": {"type": "object"}},
    },
}

ROUND = {
    "name": "round_id",
    "in": "path",
    "required": True,
    "description": "A practice round's random id (only its player can read it).",
    "schema": {"type": "string", "format": "uuid"},
}
POKEMON = {
    "name": "pokemon_id",
    "in": "path",
    "required": True,
    "description": "National Pokédex number.",
    "schema": {"type": "integer"},
}


def _image(media_type: str, description: str) -> dict:
    return {
        "description": description,
        "content": {media_type: {"schema": {"type": "string", "format": "binary"}}},
    }


PNG = _image("image/png", "PNG")
WEBP = _image("image/webp", "WebP")


def _post(
    summary: str, responses: dict, parameters: list, op: str, body: str | None = None
) -> dict:
    operation: dict = {
        "operationId": op,
        "summary": summary,
        "parameters": [*parameters, LANG],
        "responses": {
            **responses,
            "403": _error("Missing CSRF token"),
            "413": _error("Body larger than 2 KB"),
            "415": _error("Body is not application/json"),
            **COMMON_ERRORS,
        },
    }
    if body:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _ref(body)}},
        }
    return {"post": operation}


def _get(summary: str, responses: dict, parameters: list | None = None, op: str = "") -> dict:
    return {
        "get": {
            "operationId": op,
            "summary": summary,
            "parameters": [*(parameters or []), LANG],
            "responses": {**responses, **COMMON_ERRORS},
        }
    }


DOCUMENT = {
    "openapi": "3.1.0",
    "info": {
        "title": "Pokéguess API",
        "version": "1.0.0",
        "description": (
            "The daily silhouette game. Same origin; writes need the CSRF token "
            "(X-CSRFToken header). The player is an anonymous signed cookie. Every "
            "error is {error: {code, message}} with a translated message."
        ),
    },
    "paths": {
        "/api/puzzle/today": _get(
            "Today's puzzle and the player's state",
            {
                "200": _json(_ref("Puzzle"), "Today"),
                "404": _error("Before the launch date (code not_launched, with launch_date)"),
            },
            op="today",
        ),
        "/api/puzzle/{number}": _get(
            "A released puzzle (archive practice)",
            {"200": _json(_ref("Puzzle"), "The puzzle"), "404": _error("Not released")},
            [NUMBER],
            op="detail",
        ),
        "/api/puzzle/{number}/guesses": {
            "post": {
                "operationId": "guesses",
                "summary": "Guess a Pokémon",
                "parameters": [NUMBER, LANG],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("GuessRequest")}},
                },
                "responses": {
                    "201": _json(_ref("GuessResult"), "The hint row and the new state"),
                    "400": _error("Not {name: string}, empty, too long, or invalid JSON"),
                    "403": _error("Missing CSRF token"),
                    "404": _error("Not released"),
                    "409": _error("Duplicate guess (no attempt used) or game over"),
                    "413": _error("Body larger than 2 KB"),
                    "415": _error("Body is not application/json"),
                    "422": _error("Not a Pokémon name (suggestions may follow)"),
                    "429": _error("Too many guesses or unknown names; Retry-After"),
                    **COMMON_ERRORS,
                },
            }
        },
        "/api/puzzle/{number}/results": _get(
            "How all players did, once the player finished",
            {
                "200": _json(_ref("Results"), "Aggregated results"),
                "403": _error("The player has not finished this puzzle"),
                "404": _error("Not released"),
            },
            [NUMBER],
            op="results",
        ),
        "/api/puzzle/{number}/silhouette.png": _get(
            "The silhouette image (carries no identity)",
            {
                "200": PNG,
                "404": _error("Not released"),
            },
            [NUMBER],
            op="silhouette",
        ),
        "/api/pokemon/names": _get(
            "Every guessable name in the language, with English",
            {
                "200": _json(_ref("Names"), "Names (long-cached, ETag)"),
                "304": {"description": "Not modified"},
            },
            op="names",
        ),
        "/api/stats": _get(
            "The player's statistics", {"200": _json(_ref("Stats"), "Statistics")}, op="stats"
        ),
        "/api/puzzle/{number}/lifeline": _post(
            "The lifeline: the first letter of the answer, after three wrong guesses",
            {
                "200": _json({"type": "object"}, "The letter and the updated state"),
                "404": _error("Not released"),
                "409": _error("Not available yet, already used, or the game is over"),
            },
            [NUMBER],
            op="lifeline",
        ),
        "/api/pokemon/{pokemon_id}/thumb.webp": _get(
            "A 48 px picture for the name suggestions (a neutral mark without artwork)",
            {
                "200": WEBP,
                "404": _error("No such Pokémon"),
            },
            [POKEMON],
            op="thumb",
        ),
        "/api/practice": _post(
            "Start a practice round on a random Pokémon (never touches daily statistics)",
            {
                "201": _json(_ref("PracticeRound"), "The new round"),
                "400": _error("Invalid generations"),
                "422": _error("No Pokémon with artwork in those generations"),
                "429": _error("Too many rounds; Retry-After"),
            },
            [],
            op="practice",
            body="PracticeRequest",
        ),
        "/api/archive": _get(
            "The player's progress on past puzzles (number → playing, won or lost)",
            {"200": _json({"type": "object", "required": ["played"]}, "Progress")},
            op="archive",
        ),
        "/api/practice/stats": _get(
            "The player's practice statistics",
            {"200": _json({"type": "object"}, "played, won, best_run, current_run")},
            op="practice_stats",
        ),
        "/api/practice/{round_id}": _get(
            "A practice round (the answer only once it is over)",
            {
                "200": _json(_ref("PracticeRound"), "The round"),
                "404": _error("Unknown round, or another player's"),
            },
            [ROUND],
            op="practice_detail",
        ),
        "/api/practice/{round_id}/guesses": _post(
            "Guess in a practice round",
            {
                "201": _json({"type": "object"}, "The hint row and the round"),
                "400": _error("Not {name: string}, empty, too long, or invalid JSON"),
                "404": _error("Unknown round, or another player's"),
                "409": _error("Duplicate guess or round over"),
                "422": _error("Not a Pokémon name, or refused by hard mode"),
                "429": _error("Too many guesses; Retry-After"),
            },
            [ROUND],
            op="practice_guesses",
            body="GuessRequest",
        ),
        "/api/practice/{round_id}/lifeline": _post(
            "The lifeline in a practice round",
            {
                "200": _json({"type": "object"}, "The letter and the round"),
                "404": _error("Unknown round, or another player's"),
                "409": _error("Not available yet, already used, or the round is over"),
            },
            [ROUND],
            op="practice_lifeline",
        ),
        "/api/practice/{round_id}/silhouette.png": _get(
            "A practice round's silhouette (private to its player)",
            {"200": PNG, "404": _error("Unknown round, or another player's")},
            [ROUND],
            op="practice_silhouette",
        ),
        "/api/player": {
            "delete": {
                "operationId": "erase_player",
                "summary": "Forget this player: every game, statistic and the player cookie",
                "parameters": [LANG],
                "responses": {
                    "204": {"description": "Erased; the player cookie is cleared"},
                    "403": _error("Missing CSRF token"),
                    **COMMON_ERRORS,
                },
            }
        },
        "/api/openapi.json": _get(
            "This document",
            {"200": _json({"type": "object"}, "OpenAPI 3.1")},
            op="openapi",
        ),
    },
    "components": {"schemas": SCHEMAS},
}


@api_view("GET", cacheable=True)
def openapi_document(request: HttpRequest) -> JsonResponse:
    response = JsonResponse(DOCUMENT, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "public, max-age=3600"
    return response
