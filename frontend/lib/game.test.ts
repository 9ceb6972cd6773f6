import { describe, expect, it } from "vitest";
import {
  correctCount,
  filterNames,
  format,
  puzzleDate,
  hintLabel,
  hintSentence,
  initialPlay,
  playReducer,
  swapsAutomatically,
  type GameStatus,
  type GuessResponse,
  type Hint,
  type HintRow,
  type NameEntry,
  type Play,
  type PuzzlePayload,
} from "./game";

describe("format", () => {
  it("fills every placeholder with its value", () => {
    expect(format("Guess {used} of {total}", { used: 2, total: 6 })).toBe("Guess 2 of 6");
  });
  it("fills a placeholder used twice", () => {
    expect(format("{n} + {n}", { n: "1" })).toBe("1 + 1");
  });
  it("leaves unknown placeholders untouched", () => {
    expect(format("{name}: {missing}", { name: "Pikachu" })).toBe("Pikachu: {missing}");
  });
  it("does not treat inherited object keys as values", () => {
    expect(format("{toString}", {})).toBe("{toString}");
  });
});

describe("filterNames", () => {
  const names: NameEntry[] = [
    { name: "Bisasam", en: "Bulbasaur" },
    { name: "Pikachu" },
    { name: "Raichu" },
    { name: "Pichu" },
    { name: "Flabébé" },
    { name: "Pantimos", en: "Mr. Mime" },
  ];

  it("puts names starting with the query before names containing it", () => {
    expect(filterNames(names, "chu", 8).map((n) => n.name)).toEqual(["Pikachu", "Raichu", "Pichu"]);
    expect(filterNames(names, "pi", 8).map((n) => n.name)).toEqual(["Pikachu", "Pichu"]);
    expect(filterNames(names, "ich", 8).map((n) => n.name)).toEqual(["Raichu", "Pichu"]);
  });
  it("matches the English name too", () => {
    expect(filterNames(names, "bulba", 8)).toEqual([names[0]]);
    expect(filterNames(names, "mr mime", 8)).toEqual([names[5]]);
    expect(filterNames(names, "saur", 8)).toEqual([names[0]]);
  });
  it("ignores case, accents and punctuation in the query", () => {
    expect(filterNames(names, "FLABEBE", 8)).toEqual([names[4]]);
    expect(filterNames(names, "Mr.Mi", 8)).toEqual([names[5]]);
  });
  it("returns at most `limit` names, prefix matches first", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ name: i % 2 ? `Xa${i}` : `Ax${i}` }));
    const found = filterNames(many, "a", 8);
    expect(found).toHaveLength(8);
    expect(found.every((n) => n.name.startsWith("A"))).toBe(true);
    expect(filterNames(many, "x", 3).map((n) => n.name)).toEqual(["Xa1", "Xa3", "Xa5"]);
  });
  it("lists a name starting with the query first even when it comes last", () => {
    const list = [...Array.from({ length: 10 }, (_, i) => ({ name: `Bxa${i}` })), { name: "Xylo" }];
    expect(filterNames(list, "x", 3).map((n) => n.name)).toEqual(["Xylo", "Bxa0", "Bxa1"]);
  });
  it("returns nothing for an empty or punctuation-only query", () => {
    expect(filterNames(names, "", 8)).toEqual([]);
    expect(filterNames(names, " .-", 8)).toEqual([]);
  });
  it("returns nothing when the limit is zero", () => {
    expect(filterNames(names, "pi", 0)).toEqual([]);
  });
  it("returns nothing when no name matches", () => {
    expect(filterNames(names, "zzz", 8)).toEqual([]);
  });
});

function hint(key: Hint["key"], result: Hint["result"], label = "3"): Hint {
  return { key, value: label, label, result };
}

const strings: Parameters<typeof hintSentence>[1] = {
  type1: "Type 1",
  type2: "Type 2",
  generation: "Generation",
  stage: "Stage",
  color: "Colour",
  height: "Height",
  weight: "Weight",
  none: "None",
  correct: "correct",
  present: "in the other type slot",
  wrong: "wrong",
  higher: "the answer is higher",
  lower: "the answer is lower",
};

describe("correctCount", () => {
  it("counts only the correct hints", () => {
    const row: HintRow = {
      name: "Pikachu",
      correct: false,
      hints: [
        hint("type1", "correct"),
        hint("type2", "present"),
        hint("generation", "correct"),
        hint("stage", "higher"),
      ],
    };
    expect(correctCount(row)).toBe(2);
  });
  it("is zero when nothing matches", () => {
    expect(correctCount({ name: "x", correct: false, hints: [hint("type1", "wrong")] })).toBe(0);
  });
});

describe("hintLabel", () => {
  it("shows the translated value", () => {
    expect(hintLabel(hint("generation", "higher", "3"), "None")).toBe("3");
  });
  it("shows strings.none for an empty second type", () => {
    expect(hintLabel(hint("type2", "wrong", ""), "None")).toBe("None");
  });
});

describe("hintSentence", () => {
  it("says the column, the value and the result", () => {
    expect(hintSentence(hint("generation", "higher"), strings, "en")).toBe(
      "Generation 3, the answer is higher",
    );
  });
  it("names an empty second type with strings.none", () => {
    expect(hintSentence(hint("type2", "wrong", ""), strings, "en")).toBe("Type 2 None, wrong");
  });
  it("uses the language's own comma where it differs", () => {
    expect(hintSentence(hint("generation", "higher"), strings, "ar")).toBe(
      "Generation 3، the answer is higher",
    );
    expect(hintSentence(hint("generation", "higher"), strings, "ja")).toBe(
      "Generation 3、the answer is higher",
    );
  });
  it("ignores the region of the language tag", () => {
    expect(hintSentence(hint("generation", "higher"), strings, "zh-Hant")).toBe(
      "Generation 3、the answer is higher",
    );
  });
});

// --- the state machine --------------------------------------------------------------

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
    state: { status, guesses, practice: false },
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

describe("puzzleDate", () => {
  it("counts days from the launch date in UTC", () => {
    expect(puzzleDate(1, "2026-11-01")).toBe("2026-11-01");
    expect(puzzleDate(21, "2026-11-01")).toBe("2026-11-21");
    expect(puzzleDate(32, "2026-11-01")).toBe("2026-12-02");
  });
});
