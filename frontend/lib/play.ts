// The state machine of one game. The server judges every guess: nothing changes until
// its answer arrives, and then the whole state comes from the response.
import type { GuessResponse, HintRow, PracticePayload, PuzzlePayload } from "./api-types";

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
function isAhead(fresh: PuzzlePayload, shown: PuzzlePayload): boolean {
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
