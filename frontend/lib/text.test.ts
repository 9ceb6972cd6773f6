import { describe, expect, it } from "vitest";
import type { Hint, HintRow } from "./api-types";
import {
  correctCount,
  format,
  formatCount,
  formatList,
  hintLabel,
  hintSentence,
  isolatedRuns,
  plural,
  withoutIsolates,
} from "./text";

describe("format", () => {
  it("fills every placeholder with its value", () => {
    expect(format("Guess {used} of {total}", { used: 2, total: 6 })).toBe("Guess 2 of 6");
  });
  it("fills a placeholder used twice", () => {
    expect(format("{n} + {n}", { n: 1 })).toBe("1 + 1");
  });
  it("leaves unknown placeholders untouched", () => {
    expect(format("{name}: {missing}", { name: "Pikachu" })).toBe("Pikachu: {missing}");
  });
  it("splits a message around the names the server isolated", () => {
    expect(isolatedRuns("كان \u2068Mime Jr.\u2069.")).toEqual([
      { text: "كان ", isolated: false },
      { text: "Mime Jr.", isolated: true },
      { text: ".", isolated: false },
    ]);
    expect(withoutIsolates("a \u2068b\u2069")).toBe("a b");
  });
  it("does not treat inherited object keys as values", () => {
    expect(format("{toString}", {})).toBe("{toString}");
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
    expect(plural(russian, 1, "ru")).toBe("1 игра");
    expect(plural(russian, 3, "ru")).toBe("3 игры");
    expect(plural(russian, 11, "ru")).toBe("11 игр");
  });
  it("follows the last two digits beyond the table", () => {
    expect(plural(russian, 1021, "ru")).toBe("1\u00a0021 игра");
    expect(plural(russian, 1012, "ru")).toBe("1\u00a0012 игр");
  });
  it("groups the count the language's way", () => {
    const english = { forms: ["{count} game", "{count} games"], map: `10${"1".repeat(198)}` };
    expect(plural(english, 12345, "en")).toBe("12,345 games");
  });
});

describe("formatCount", () => {
  it("groups digits as the page language does", () => {
    expect(formatCount(1234, "en")).toBe("1,234");
    expect(formatCount(1234, "de")).toBe("1.234");
    expect(formatCount(12345, "fr")).toBe("12\u202f345");
    expect(formatCount(1234, "hi")).toBe("1,234");
    expect(formatCount(123456, "hi")).toBe("1,23,456");
  });
  it("leaves small counts as they are", () => {
    expect(formatCount(57, "ar")).toBe(new Intl.NumberFormat("ar").format(57));
    expect(formatCount(0, "ja")).toBe("0");
  });
  it("rounds to whole numbers", () => {
    expect(formatCount(56.6, "en")).toBe("57");
  });
});

describe("formatList", () => {
  it("joins items the page language's way, never with a fixed comma", () => {
    expect(formatList(["1", "3", "5"], "en")).toBe("1, 3, and 5");
    expect(formatList(["1", "3", "5"], "de")).toBe("1, 3 und 5");
    expect(formatList(["1", "3", "5"], "ja")).toBe("1、3、5");
    expect(formatList(["1", "3", "5"], "zh")).toBe("1、3和5");
    expect(formatList(["2"], "ar")).toBe("2");
  });
});
