// Pure logic of the guess game: API types, text helpers, name matching and the
// state machine of one game. No DOM, no React: unit-tested in game.test.ts.
import type { UiStrings } from "./strings";

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
export type PracticeStats = { played: number; won: number; best_run: number; current_run: number };
/** `id`: the national Pokédex number, for the suggestion's small picture. */
export type NameEntry = { name: string; en?: string; id?: number };
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

/** The hint columns, in display and share order. */
export const HINT_KEYS: readonly HintKey[] = [
  "type1",
  "type2",
  "generation",
  "stage",
  "color",
  "height",
  "weight",
];

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

const STRIP_MARKS_AFTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;
const KEPT = /[\p{L}\p{N}\p{M}]/u;

function stripsMarks(base: string | undefined): boolean {
  if (base === undefined || base < "\u0080" || !LETTER_OR_DIGIT.test(base)) return true;
  return STRIP_MARKS_AFTER.test(base);
}

/** Hiragana typed for a katakana name: ぁ-ゖ and ゝゞ sit 0x60 code points before. */
function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (char) =>
    String.fromCharCode(char.charCodeAt(0) + 0x60),
  );
}

/**
 * The comparison key of a name, like the server's `normalize_name`: no case, spaces or
 * punctuation; Latin/Greek/Cyrillic lose their accents, while marks of other scripts
 * stay (ガ is not カ). ♀/♂ become "f"/"m". Hiragana reads as katakana, full-width and
 * half-width forms as their plain letters. Both sides are held to the same cases
 * (normalize-cases.json).
 */
export function normalizeName(text: string): string {
  let base: string | undefined;
  let kept = "";
  for (const char of toKatakana(text.toLowerCase()).normalize("NFKD")) {
    if (MARK.test(char)) {
      if (!stripsMarks(base)) kept += char;
    } else {
      base = char;
      kept += char;
    }
  }
  let key = "";
  for (const char of kept.normalize("NFC").toLowerCase()) {
    if (char === "♀") key += "f";
    else if (char === "♂") key += "m";
    else if (char === "ß") key += "ss";
    else if (KEPT.test(char)) key += char;
  }
  return key;
}

const keys = new WeakMap<NameEntry, [string, string]>();

function keysOf(entry: NameEntry): [string, string] {
  let cached = keys.get(entry);
  if (!cached) {
    cached = [normalizeName(entry.name), entry.en ? normalizeName(entry.en) : ""];
    keys.set(entry, cached);
  }
  return cached;
}

/**
 * Names matching the query in the page language or in English, ignoring case, accents
 * and punctuation: names starting with the query first, then names containing it.
 */
export function filterNames(
  names: readonly NameEntry[],
  query: string,
  limit: number,
): NameEntry[] {
  const needle = normalizeName(query);
  if (!needle || limit < 1) return [];
  const prefix: NameEntry[] = [];
  const inside: NameEntry[] = [];
  for (const entry of names) {
    const [name, en] = keysOf(entry);
    if (name.startsWith(needle) || en.startsWith(needle)) {
      prefix.push(entry);
      if (prefix.length === limit) break;
    } else if (inside.length < limit && (name.includes(needle) || en.includes(needle))) {
      inside.push(entry);
    }
  }
  return prefix.concat(inside).slice(0, limit);
}

/** Suggestions without the Pokémon already guessed (by their name in either language). */
export function withoutGuessed(
  options: readonly NameEntry[],
  guessed: readonly string[],
): NameEntry[] {
  if (guessed.length === 0) return [...options];
  const seen = new Set(guessed.map(normalizeName));
  return options.filter((entry) => {
    const [name, en] = keysOf(entry);
    return !seen.has(name) && !(en && seen.has(en));
  });
}

/**
 * What Enter sends: the highlighted suggestion; else the only one shown; else a shown
 * name the text already spells exactly; else the text as typed (the server judges it).
 */
export function enterChoice(options: readonly NameEntry[], active: number, typed: string): string {
  const shown = options[active] ?? (options.length === 1 ? options[0] : undefined);
  if (shown) return shown.name;
  const key = normalizeName(typed);
  const exact = options.find((entry) => keysOf(entry).includes(key));
  return exact ? exact.name : typed;
}

/** A gettext plural, tabled by the server for 0–199 (one digit per count, an index
 *  into `forms`); larger counts follow their last two digits, as every rule we ship. */
export type PluralTable = { forms: string[]; map: string };

export function plural(table: PluralTable, count: number): string {
  const n = Math.abs(Math.trunc(count));
  const index = n < table.map.length ? n : 100 + (n % 100);
  const form = table.forms[Number(table.map[index] ?? 0)] ?? table.forms[0] ?? "";
  return format(form, { count });
}

/** A practice round in the shape the game screen uses (number 0: no daily number). */
export function practiceAsPuzzle(round: PracticePayload): PuzzlePayload {
  return {
    number: 0,
    date: "",
    is_today: false,
    attempts_allowed: round.attempts_allowed,
    silhouette_url: round.silhouette_url,
    next_puzzle_at: "",
    state: round.state,
  };
}

/** How many of a row's hints are correct. */
export function correctCount(row: HintRow): number {
  return row.hints.filter((hint) => hint.result === "correct").length;
}

/** The symbol shown with each result, so colour is never the only signal. */
export const RESULT_ICONS: Record<Result, string> = {
  correct: "✓",
  present: "↔",
  higher: "↑",
  lower: "↓",
  wrong: "✗",
};

/** What a hint cell shows: its translated value, or strings.none for an empty type 2. */
export function hintLabel(hint: Hint, none: string): string {
  return hint.label === "" ? none : hint.label;
}

/** Separators between the parts of a spoken cell, where ", " is not the custom. */
const SEPARATORS: Record<string, string> = { ar: "، ", ja: "、", zh: "、", th: " " };

/** The full sentence read to screen readers, e.g. "Generation 3, the answer is higher". */
export function hintSentence(
  hint: Hint,
  strings: Pick<UiStrings, HintKey | Result | "none">,
  lang: string,
): string {
  const [language = lang] = lang.split("-");
  const separator = SEPARATORS[language] ?? ", ";
  return `${strings[hint.key]} ${hintLabel(hint, strings.none)}${separator}${strings[hint.result]}`;
}

// ---------------------------------------------------------------------------
// The state machine of one game. The server judges every guess: nothing changes
// until its answer arrives, and then the whole state comes from the response.

/** An error to show beside the input. `code` is the API's, or "network". */
export type Notice = { code: string; message: string; suggestions: string[] };

export type PlayEvent =
  { kind: "guess"; row: HintRow } | { kind: "error"; notice: Notice } | { kind: "newPuzzle" };

export type Play = {
  puzzle: PuzzlePayload;
  sending: boolean;
  notice: Notice | null;
  /** Rows from this index on arrived during this visit (they may animate). */
  fresh: number;
  /** The game ended during this visit (focus moves to the end panel). */
  endedHere: boolean;
  /** A newer daily puzzle, waiting until the player chooses to play it. */
  waiting: PuzzlePayload | null;
  /** The latest thing to announce; `eventId` changes with every event. */
  event: PlayEvent | null;
  eventId: number;
};

export type PlayAction =
  | { type: "send" }
  | { type: "guessed"; payload: GuessResponse }
  | { type: "failed"; notice: Notice }
  | { type: "dismiss" }
  | { type: "synced"; puzzle: PuzzlePayload }
  | { type: "newPuzzle"; puzzle: PuzzlePayload }
  | { type: "playNew" };

export function initialPlay(puzzle: PuzzlePayload): Play {
  return {
    puzzle,
    sending: false,
    notice: null,
    fresh: puzzle.state.guesses.length,
    endedHere: false,
    waiting: null,
    event: null,
    eventId: 0,
  };
}

/** Same daily number, or the same practice round (same silhouette URL). */
function sameGame(a: PuzzlePayload, b: PuzzlePayload): boolean {
  return a.number === b.number && a.silhouette_url === b.silhouette_url;
}

/** The fresh state knows something the shown one does not (a guess, the end, a letter). */
export function isAhead(fresh: PuzzlePayload, shown: PuzzlePayload): boolean {
  const a = fresh.state;
  const b = shown.state;
  if (a.guesses.length !== b.guesses.length) return a.guesses.length > b.guesses.length;
  return (
    a.status !== b.status ||
    (a.lifeline ?? null) !== (b.lifeline ?? null) ||
    a.hard_mode !== b.hard_mode
  );
}

function isOver(puzzle: PuzzlePayload): boolean {
  return puzzle.state.status !== "playing";
}

/** A new daily puzzle replaces the shown one at once unless that would interrupt play. */
export function swapsAutomatically(play: Play): boolean {
  const { guesses } = play.puzzle.state;
  return guesses.length === 0 || (isOver(play.puzzle) && !play.endedHere);
}

function show(play: Play, puzzle: PuzzlePayload): Play {
  return {
    ...play,
    puzzle,
    notice: null,
    fresh: puzzle.state.guesses.length,
    endedHere: false,
    waiting: null,
    event: { kind: "newPuzzle" },
    eventId: play.eventId + 1,
  };
}

export function playReducer(play: Play, action: PlayAction): Play {
  switch (action.type) {
    case "send":
      return { ...play, sending: true };
    case "guessed": {
      const { guess, ...puzzle } = action.payload;
      return {
        ...play,
        puzzle,
        sending: false,
        notice: null,
        fresh: play.puzzle.state.guesses.length,
        endedHere: play.endedHere || (!isOver(play.puzzle) && isOver(puzzle)),
        event: { kind: "guess", row: guess },
        eventId: play.eventId + 1,
      };
    }
    case "failed":
      return {
        ...play,
        sending: false,
        notice: action.notice,
        event: { kind: "error", notice: action.notice },
        eventId: play.eventId + 1,
      };
    case "dismiss":
      return { ...play, notice: null };
    case "synced":
      // Another tab or a refetch: only ever move forward within the same game.
      if (!sameGame(play.puzzle, action.puzzle) || !isAhead(action.puzzle, play.puzzle))
        return play;
      return {
        ...play,
        puzzle: action.puzzle,
        notice: null,
        fresh: action.puzzle.state.guesses.length,
        endedHere: play.endedHere || (!isOver(play.puzzle) && isOver(action.puzzle)),
      };
    case "newPuzzle":
      if (action.puzzle.number === play.puzzle.number) return play;
      if (action.puzzle.number === play.waiting?.number) return play;
      if (swapsAutomatically(play)) return show(play, action.puzzle);
      return {
        ...play,
        waiting: action.puzzle,
        event: { kind: "newPuzzle" },
        eventId: play.eventId + 1,
      };
    case "playNew":
      return play.waiting ? { ...show(play, play.waiting), event: null } : play;
  }
}

/** The UTC date of a puzzle number, as YYYY-MM-DD (puzzle #1 is the launch date). */
export function puzzleDate(number: number, launchDate: string): string {
  const launch = Date.parse(`${launchDate}T00:00:00Z`);
  return new Date(launch + (number - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The archive's next puzzle after finishing one: the nearest older one not played yet,
 * else the nearest newer one before today; null when every past puzzle was played.
 */
export function nextUnplayed(
  current: number,
  todayNumber: number,
  played: Record<string, GameStatus>,
): number | null {
  const open = (n: number) => n !== current && played[String(n)] === undefined;
  for (let n = current - 1; n >= 1; n--) if (open(n)) return n;
  for (let n = current + 1; n < todayNumber; n++) if (open(n)) return n;
  return null;
}
