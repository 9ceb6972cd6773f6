// The JSON API's answers, as the server sends them (docs/design.md "API contract").
// Types only, all of them here: they are to be generated from /api/openapi.json.

export type Result = "correct" | "present" | "wrong" | "higher" | "lower";
export type HintKey = "type1" | "type2" | "generation" | "stage" | "color" | "height" | "weight";
export type Hint = { key: HintKey; value: string | number; label: string; result: Result };
export type HintRow = { name: string; correct: boolean; hints: Hint[] };
export type Answer = {
  name: string;
  name_en: string;
  artwork_url: string;
  types: string[];
  generation: number;
};
export type GameStatus = "playing" | "won" | "lost";
export type GameState = {
  status: GameStatus;
  guesses: HintRow[];
  practice: boolean;
  answer?: Answer;
  /** Chosen with the first guess, kept for the game (docs/game-modes.md). */
  hard_mode?: boolean;
  /** The lifeline's letter once taken, else null. */
  lifeline?: string | null;
};
export type PuzzlePayload = {
  number: number;
  date: string;
  is_today: boolean;
  attempts_allowed: number;
  silhouette_url: string;
  next_puzzle_at: string;
  state: GameState;
};
export type GuessResponse = PuzzlePayload & { guess: HintRow };
/** An endless-practice round: an opaque id instead of a number, no date or countdown. */
export type PracticePayload = {
  round: string;
  generations: number[];
  attempts_allowed: number;
  silhouette_url: string;
  state: GameState;
};
export type PracticeGuessResponse = PracticePayload & { guess: HintRow };
export type PracticeStats = { played: number; won: number; best_run: number; current_run: number };
/** `id`: the national Pokédex number, for the suggestion's small picture. */
export type NameEntry = { name: string; en?: string; id?: number };
export type NamesList = { names: NameEntry[] };
/** How this player did on each past puzzle, by number (a puzzle not begun is absent). */
export type ArchiveProgress = { played: Record<string, GameStatus> };
export type Stats = {
  played: number;
  wins: number;
  win_percent: number;
  current_streak: number;
  max_streak: number;
  distribution: number[];
  losses: number;
  last_win: string | null;
  streak_broken: boolean;
};
export type Results = {
  number: number;
  players: number;
  wins: number;
  win_percent: number;
  distribution: number[];
};
