import { beforeAll, describe, expect, it } from "vitest";
import zhFold from "../../puzzle/data/zh-fold.json";
import { filterNames, loadChineseFold, normalizeName } from "./names";
import cases from "./normalize-cases.json";

// The one table of name-matching cases, shared with the server's judge
// (puzzle/tests/test_input_forms.py), which always folds Traditional Chinese.
beforeAll(loadChineseFold);

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

describe("filterNames with Traditional Chinese", () => {
  const names = [
    { name: "仆刀将军", en: "Kingambit", aka: ["仆斬將軍"] },
    { name: "超能艳鸵", en: "Espathra", aka: ["超能豔鴕"] },
    { name: "多边兽2型", en: "Porygon2", aka: ["3D龙II", "多邊獸Ⅱ", "3D龍2"] },
    { name: "路卡利欧", en: "Lucario", aka: ["路卡利歐"] },
  ];
  it.each([
    ["仆刀將軍", "仆刀将军"],
    ["超能艷鴕", "超能艳鸵"],
    ["多边兽Ⅱ", "多边兽2型"],
    ["路卡利歐", "路卡利欧"],
    ["路卡", "路卡利欧"],
  ])("finds %s as %s", (typed, name) => {
    expect(filterNames(names, typed, 5).map((n) => n.name)).toEqual([name]);
  });

  it("folds every character of the server's table", () => {
    for (const [traditional, simplified] of Object.entries(zhFold)) {
      expect(normalizeName(traditional)).toBe(simplified);
    }
  });
});
