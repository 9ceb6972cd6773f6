import { describe, expect, it } from "vitest";
import {
  enterChoice,
  initialPlay,
  nextUnplayed,
  playReducer,
  plural,
  practiceAsPuzzle,
  withoutGuessed,
  type NameEntry,
} from "./game";

const names: NameEntry[] = [
  { name: "Pikachu", id: 25 },
  { name: "Pichu", id: 172 },
  { name: "Bisasam", en: "Bulbasaur", id: 1 },
];

describe("enterChoice", () => {
  it("sends the highlighted suggestion", () => {
    expect(enterChoice(names, 1, "pi")).toBe("Pichu");
  });
  it("sends the only suggestion shown", () => {
    expect(enterChoice(names.slice(0, 1), -1, "pika")).toBe("Pikachu");
  });
  it("sends a shown name the text spells exactly, in either language", () => {
    expect(enterChoice(names, -1, "bulbasaur")).toBe("Bisasam");
  });
  it("otherwise sends the text as typed", () => {
    expect(enterChoice(names, -1, "pi")).toBe("pi");
    expect(enterChoice([], -1, "Notamon")).toBe("Notamon");
  });
});

describe("withoutGuessed", () => {
  it("drops Pokémon already guessed, by either name", () => {
    expect(withoutGuessed(names, ["Pikachu", "Bulbasaur"]).map((n) => n.name)).toEqual(["Pichu"]);
  });
  it("keeps everything before the first guess", () => {
    expect(withoutGuessed(names, [])).toHaveLength(3);
  });
});

describe("plural", () => {
  const russian = { forms: ["{count} игра", "{count} игры", "{count} игр"], map: "" };
  // Russian rules for 0–199: one (…1 but not …11), few (…2–4 but not …12–14), many.
  russian.map = Array.from({ length: 200 }, (_, n) =>
    n % 10 === 1 && n % 100 !== 11
      ? "0"
      : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)
        ? "1"
        : "2",
  ).join("");
  it("picks the form the server tabled for the count", () => {
    expect(plural(russian, 1)).toBe("1 игра");
    expect(plural(russian, 3)).toBe("3 игры");
    expect(plural(russian, 11)).toBe("11 игр");
  });
  it("follows the last two digits beyond the table", () => {
    expect(plural(russian, 1021)).toBe("1021 игра");
    expect(plural(russian, 1012)).toBe("1012 игр");
  });
});

describe("practiceAsPuzzle", () => {
  it("keeps the round's silhouette and state without a daily number", () => {
    const state = { status: "playing" as const, guesses: [], practice: true };
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

describe("nextUnplayed", () => {
  it("goes to the nearest older puzzle not played yet", () => {
    expect(nextUnplayed(10, 21, { "9": "won", "8": "lost" })).toBe(7);
  });
  it("goes forward when every older one was played", () => {
    expect(nextUnplayed(2, 5, { "1": "won", "3": "won" })).toBe(4);
  });
  it("never offers today's puzzle and is null when all are played", () => {
    expect(nextUnplayed(2, 3, { "1": "won" })).toBeNull();
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
  const shown = { ...base, state: { status: "playing" as const, guesses: [row], practice: false } };
  const ahead = {
    ...base,
    state: {
      status: "playing" as const,
      guesses: [row, { ...row, name: "Ivysaur" }],
      practice: false,
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
