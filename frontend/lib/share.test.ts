import { describe, expect, it } from "vitest";
import type { Hint, HintKey, HintRow, Result } from "./api-types";
import { emojiLine, resultPath, shareText } from "./share";

const KEYS: HintKey[] = ["type1", "type2", "generation", "stage", "color", "height", "weight"];

function row(name: string, results: Result[]): HintRow {
  const hints: Hint[] = results.map((result, i) => {
    const key = KEYS[i];
    if (!key) throw new Error("one result per hint key");
    return { key, value: 1, label: "1", result };
  });
  return { name, correct: results.every((r) => r === "correct"), hints };
}

const miss = row("Bulbasaur", [
  "correct",
  "wrong",
  "present",
  "higher",
  "lower",
  "correct",
  "correct",
]);
const win = row("Pikachu", Array<Result>(7).fill("correct"));
const base = {
  title: "Pokéguess #{number}",
  number: 21,
  attempts: 6,
  url: "https://pokeguess.example/de/",
};

describe("emojiLine", () => {
  it("gives one emoji per hint: green, black, yellow, up and down arrows", () => {
    expect(emojiLine(miss)).toBe("🟩⬛🟨⬆️⬇️🟩🟩");
  });
  it("follows the fixed hint order whatever order the hints arrive in", () => {
    expect(emojiLine({ ...miss, hints: [...miss.hints].reverse() })).toBe("🟩⬛🟨⬆️⬇️🟩🟩");
  });
  it("marks a missing hint with a white square", () => {
    expect(emojiLine({ ...miss, hints: miss.hints.filter((h) => h.key !== "stage") })).toBe(
      "🟩⬛🟨⬜⬇️🟩🟩",
    );
  });
});

describe("shareText", () => {
  it("shows the number of guesses when won, one line per guess and the site URL", () => {
    expect(shareText({ ...base, status: "won", guesses: [miss, win] })).toBe(
      "Pokéguess #21 2/6\n\n🟩⬛🟨⬆️⬇️🟩🟩\n🟩🟩🟩🟩🟩🟩🟩\nhttps://pokeguess.example/de/",
    );
  });
  it("shows X as the score when lost", () => {
    const text = shareText({ ...base, status: "lost", guesses: Array<HintRow>(6).fill(miss) });
    expect(text.split("\n")[0]).toBe("Pokéguess #21 X/6");
    expect(text.split("\n")).toHaveLength(9);
  });
  it("uses the translated title template", () => {
    expect(
      shareText({ ...base, title: "بوكي-تخمين #{number}", status: "won", guesses: [win] }),
    ).toMatch(/^بوكي-تخمين #21 1\/6\n/);
  });
  it("never contains the name of a guess or of the answer", () => {
    const text = shareText({ ...base, status: "won", guesses: [miss, win] });
    expect(text).not.toMatch(/Bulbasaur|Pikachu/);
  });
});

describe("shareText marks", () => {
  it("uses blue and orange squares in high contrast", () => {
    const text = shareText({ ...base, status: "won", guesses: [miss, win], highContrast: true });
    expect(text).toContain("🟦⬛🟧⬆️⬇️🟦🟦");
    expect(text).not.toMatch(/🟩|🟨/u);
  });
  it("never shares red, which colour-blind players cannot tell from green", () => {
    const text = shareText({ ...base, status: "lost", guesses: Array<HintRow>(6).fill(miss) });
    expect(text).not.toMatch(/🟥/u);
  });
  it("adds the streak from two days on", () => {
    const first = (streak: number) =>
      shareText({ ...base, status: "won", guesses: [win], streak }).split("\n")[0];
    expect(first(1)).toBe("Pokéguess #21 1/6");
    expect(first(2)).toBe("Pokéguess #21 1/6 🔥2");
  });
  it("adds a star for hard mode and a bulb for the lifeline", () => {
    const text = shareText({
      ...base,
      status: "lost",
      guesses: [miss],
      hardMode: true,
      lifeline: true,
    });
    expect(text.split("\n")[0]).toBe("Pokéguess #21 X/6 ★ 💡");
  });
  it("adds no mark to a plain game", () => {
    expect(shareText({ ...base, status: "won", guesses: [win] }).split("\n")[0]).toBe(
      "Pokéguess #21 1/6",
    );
  });
});

describe("resultPath", () => {
  it("gives the score and one letter per hint of each guess, in the hint order", () => {
    expect(resultPath(21, "won", [miss, win])).toBe("p/21/2-cwphlcc-ccccccc/");
  });
  it("marks a lost game with x", () => {
    expect(resultPath(21, "lost", [miss])).toBe("p/21/x-cwphlcc/");
  });
  it("never contains the name of a guess or of the answer", () => {
    const path = resultPath(21, "won", [miss, win]);
    expect(path).not.toMatch(/Bulbasaur|Pikachu/);
  });
});
