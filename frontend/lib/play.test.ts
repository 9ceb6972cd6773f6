import { describe, expect, it } from "vitest";
import type { GameStatus, GuessResponse, Hint, HintRow, PuzzlePayload } from "./api-types";
import { initialPlay, playReducer, practiceAsPuzzle, swapsAutomatically, type Play } from "./play";

/** A game with no mode chosen and no lifeline taken or offered. */
const NO_MODES = { hard_mode: false, lifeline: null, lifeline_offered: false };

function hint(key: Hint["key"], result: Hint["result"], label = "3"): Hint {
  return { key, value: label, label, result };
}

const ROW: HintRow = { name: "Bisasam", correct: false, hints: [hint("type1", "wrong")] };
const WIN: HintRow = { name: "Pikachu", correct: true, hints: [hint("type1", "correct")] };

function puzzle(
  number: number,
  guesses: HintRow[] = [],
  status: GameStatus = "playing",
): PuzzlePayload {
  return {
    number,
    date: "2026-03-01",
    is_today: true,
    attempts_allowed: 6,
    silhouette_url: `/api/puzzle/${number}/silhouette.png`,
    next_puzzle_at: "2026-03-02T00:00:00Z",
    state: { status, guesses, practice: false, ...NO_MODES },
  };
}

function response(p: PuzzlePayload): GuessResponse {
  const guess = p.state.guesses.at(-1);
  if (!guess) throw new Error("a guess response carries the guess just made");
  return { ...p, guess };
}

const notice = { code: "unknown_pokemon", message: "Not a Pokémon", suggestions: ["Pikachu"] };

describe("initialPlay", () => {
  it("starts idle with no fresh rows and nothing to announce", () => {
    const play = initialPlay(puzzle(5, [ROW]));
    expect(play).toMatchObject({
      sending: false,
      notice: null,
      fresh: 1,
      endedHere: false,
      waiting: null,
      event: null,
    });
  });
});

describe("playReducer", () => {
  it("marks a request in flight on send", () => {
    expect(playReducer(initialPlay(puzzle(5)), { type: "send" }).sending).toBe(true);
  });

  it("takes the whole state from a guess response and announces the new row", () => {
    let play = playReducer(initialPlay(puzzle(5)), { type: "send" });
    play = { ...play, notice };
    const next = playReducer(play, { type: "guessed", payload: response(puzzle(5, [ROW])) });
    expect(next.puzzle.state.guesses).toEqual([ROW]);
    expect(next.puzzle).not.toHaveProperty("guess");
    expect(next).toMatchObject({ sending: false, notice: null, fresh: 0, endedHere: false });
    expect(next.event).toEqual({ kind: "guess", row: ROW });
    expect(next.eventId).toBe(play.eventId + 1);
  });

  it("notes that the game ended during this visit", () => {
    const play = initialPlay(puzzle(5, [ROW]));
    const next = playReducer(play, {
      type: "guessed",
      payload: response(puzzle(5, [ROW, WIN], "won")),
    });
    expect(next.endedHere).toBe(true);
    expect(next.fresh).toBe(1);
  });

  it("does not call a game that was already over on load one that ended here", () => {
    const play = initialPlay(puzzle(5, [WIN], "won"));
    const next = playReducer(play, { type: "synced", puzzle: puzzle(5, [WIN], "won") });
    expect(next.endedHere).toBe(false);
  });

  it("keeps the notice and announces it when a guess fails", () => {
    const play = playReducer(initialPlay(puzzle(5)), { type: "send" });
    const next = playReducer(play, { type: "failed", notice });
    expect(next).toMatchObject({ sending: false, notice, event: { kind: "error", notice } });
    expect(next.eventId).toBe(1);
  });

  it("clears the notice on dismiss", () => {
    const play = playReducer(initialPlay(puzzle(5)), { type: "failed", notice });
    expect(playReducer(play, { type: "dismiss" }).notice).toBeNull();
  });

  it("takes a refreshed state of the same puzzle and notices that it ended", () => {
    const play = playReducer(initialPlay(puzzle(5)), { type: "failed", notice });
    const next = playReducer(play, { type: "synced", puzzle: puzzle(5, [ROW, WIN], "won") });
    expect(next).toMatchObject({ notice: null, fresh: 2, endedHere: true });
    expect(next.puzzle.state.status).toBe("won");
  });

  it("ignores a 'new' puzzle that is the one already shown", () => {
    const play = initialPlay(puzzle(5));
    expect(playReducer(play, { type: "newPuzzle", puzzle: puzzle(5) })).toBe(play);
  });

  it("shows a new puzzle at once when the current game has no guesses", () => {
    const next = playReducer(initialPlay(puzzle(5)), { type: "newPuzzle", puzzle: puzzle(6) });
    expect(next.puzzle.number).toBe(6);
    expect(next.event).toEqual({ kind: "newPuzzle" });
    expect(next.waiting).toBeNull();
  });

  it("shows a new puzzle at once when the game was finished before this visit", () => {
    const next = playReducer(initialPlay(puzzle(5, [WIN], "won")), {
      type: "newPuzzle",
      puzzle: puzzle(6),
    });
    expect(next.puzzle.number).toBe(6);
    expect(next).toMatchObject({ fresh: 0, endedHere: false });
  });

  it("keeps a game in progress and offers the new puzzle instead", () => {
    const play = initialPlay(puzzle(5, [ROW]));
    const next = playReducer(play, { type: "newPuzzle", puzzle: puzzle(6) });
    expect(next.puzzle.number).toBe(5);
    expect(next.waiting?.number).toBe(6);
    expect(next.event).toEqual({ kind: "newPuzzle" });
  });

  it("keeps a game that just ended on screen and offers the new puzzle instead", () => {
    const ended = playReducer(initialPlay(puzzle(5, [ROW])), {
      type: "guessed",
      payload: response(puzzle(5, [ROW, WIN], "won")),
    });
    const next = playReducer(ended, { type: "newPuzzle", puzzle: puzzle(6) });
    expect(next.puzzle.number).toBe(5);
    expect(next.waiting?.number).toBe(6);
  });

  it("does not announce the same waiting puzzle twice", () => {
    const waiting = playReducer(initialPlay(puzzle(5, [ROW])), {
      type: "newPuzzle",
      puzzle: puzzle(6),
    });
    expect(playReducer(waiting, { type: "newPuzzle", puzzle: puzzle(6) })).toBe(waiting);
  });

  it("switches to the waiting puzzle when the player asks", () => {
    const waiting = playReducer(initialPlay(puzzle(5, [ROW])), {
      type: "newPuzzle",
      puzzle: puzzle(6),
    });
    const next = playReducer(waiting, { type: "playNew" });
    expect(next.puzzle.number).toBe(6);
    expect(next).toMatchObject({ waiting: null, notice: null, event: null, fresh: 0 });
  });

  it("ignores playNew when no puzzle is waiting", () => {
    const play = initialPlay(puzzle(5));
    expect(playReducer(play, { type: "playNew" })).toBe(play);
  });
});

describe("swapsAutomatically", () => {
  const base: Play = initialPlay(puzzle(5));
  it("is true for an untouched game", () => {
    expect(swapsAutomatically(base)).toBe(true);
  });
  it("is false for a game in progress", () => {
    expect(swapsAutomatically(initialPlay(puzzle(5, [ROW])))).toBe(false);
  });
  it("is true for a game that was over before this visit", () => {
    expect(swapsAutomatically(initialPlay(puzzle(5, [ROW], "lost")))).toBe(true);
  });
  it("is false for a game that ended during this visit", () => {
    expect(swapsAutomatically({ ...initialPlay(puzzle(5, [ROW], "lost")), endedHere: true })).toBe(
      false,
    );
  });
});

describe("practiceAsPuzzle", () => {
  it("keeps the round's silhouette and state without a daily number", () => {
    const state = { status: "playing" as const, guesses: [], practice: true, ...NO_MODES };
    const puzzle = practiceAsPuzzle({
      round: "r",
      generations: [1],
      attempts_allowed: 6,
      silhouette_url: "/s.png",
      state,
    });
    expect(puzzle.number).toBe(0);
    expect(puzzle.silhouette_url).toBe("/s.png");
    expect(puzzle.state).toBe(state);
  });
});

describe("a synced state from another tab", () => {
  const row = { name: "Bulbasaur", correct: false, hints: [] };
  const base = {
    number: 5,
    date: "2026-11-05",
    is_today: true,
    attempts_allowed: 6,
    silhouette_url: "/api/puzzle/5/silhouette.png",
    next_puzzle_at: "2026-11-06T00:00:00Z",
  };
  const shown = {
    ...base,
    state: { status: "playing" as const, guesses: [row], practice: false, ...NO_MODES },
  };
  const ahead = {
    ...base,
    state: {
      status: "playing" as const,
      guesses: [row, { ...row, name: "Ivysaur" }],
      practice: false,
      ...NO_MODES,
    },
  };
  it("shows a guess made in the other tab", () => {
    expect(playReducer(initialPlay(shown), { type: "synced", puzzle: ahead }).puzzle).toBe(ahead);
  });
  it("never goes back to an older state", () => {
    const play = initialPlay(ahead);
    expect(playReducer(play, { type: "synced", puzzle: shown })).toBe(play);
  });
  it("ignores another game's state", () => {
    const play = initialPlay(shown);
    expect(playReducer(play, { type: "synced", puzzle: { ...ahead, number: 4 } })).toBe(play);
  });
});
