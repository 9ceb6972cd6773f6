import { describe, expect, it } from "vitest";
import { filterNames, normalizeName } from "./names";
import cases from "./normalize-cases.json";

// The one table of name-matching cases, shared with the server's judge
// (puzzle/tests/test_input_forms.py).
describe("normalizeName with the usual input forms", () => {
  it.each(cases.same)("matches %s with %s", (typed, official) => {
    expect(normalizeName(typed)).toBe(normalizeName(official));
  });
  it.each(cases.different)("keeps %s apart from %s", (typed, official) => {
    expect(normalizeName(typed)).not.toBe(normalizeName(official));
  });
  it.each(cases.normal)("turns %j into %j", (text, normal) => {
    expect(normalizeName(text)).toBe(normal);
  });
});

describe("filterNames with hiragana", () => {
  it("suggests the katakana name", () => {
    const names = [
      { name: "ピカチュウ", en: "Pikachu" },
      { name: "ガーディ", en: "Growlithe" },
    ];
    expect(filterNames(names, "ぴか", 5).map((n) => n.name)).toEqual(["ピカチュウ"]);
  });
});
