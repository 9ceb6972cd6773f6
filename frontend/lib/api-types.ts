// The JSON API's answers, named for the island. Their shapes are generated from the
// server's OpenAPI document into api-schema.d.ts (scripts/api_types.py): change
// puzzle/api/schemas.py and run `make api-types`, never a shape here.
import type { components } from "./api-schema";

type Schemas = components["schemas"];
export type Hint = Schemas["Hint"];
export type Result = Hint["result"];
export type HintKey = Hint["key"];
export type HintRow = Schemas["HintRow"];
export type Answer = Schemas["Answer"];
export type GameState = Schemas["GameState"];
export type GameStatus = GameState["status"];
export type PuzzlePayload = Schemas["Puzzle"];
export type GuessResponse = Schemas["PuzzleGuessed"];
/** An endless-practice round: an opaque id instead of a number, no date or countdown. */
export type PracticePayload = Schemas["Practice"];
export type PracticeGuessResponse = Schemas["PracticeGuessed"];
export type PracticeStats = Schemas["PracticeStats"];
export type NameEntry = Schemas["NameEntry"];
export type NamesList = Schemas["Names"];
/** How this player did on each past puzzle, by number (a puzzle not begun is absent). */
export type ArchiveProgress = Schemas["Archive"];
export type Stats = Schemas["Stats"];
export type Results = Schemas["Results"];
