import { describe, expect, it } from "vitest";
import { filterNames, withoutGuessed } from "./names";

describe("filterNames", () => {
  const names = [
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
  it("matches the other spellings the server accepts, showing the page's name", () => {
    const list = [
      { name: "Pikachu", aka: ["Пикачу"] },
      { name: "仆刀将军", aka: ["仆斬將軍"] },
    ];
    expect(filterNames(list, "пика", 8)).toEqual([list[0]]);
    expect(filterNames(list, "仆斬", 8)).toEqual([list[1]]);
  });
  it("lists the name spelled exactly first: Mew before Mewtwo", () => {
    const list = [{ name: "Mewtwo" }, { name: "Mew" }];
    expect(filterNames(list, "mew", 8).map((n) => n.name)).toEqual(["Mew", "Mewtwo"]);
    expect(filterNames([{ name: "Mewtu", en: "Mewtwo" }, { name: "Mew" }], "MEW", 1)).toEqual([
      { name: "Mew" },
    ]);
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

const shown = [
  { name: "Pikachu", id: 25 },
  { name: "Pichu", id: 172 },
  { name: "Bisasam", en: "Bulbasaur", id: 1 },
];

describe("withoutGuessed", () => {
  it("drops Pokémon already guessed, by either name", () => {
    expect(withoutGuessed(shown, ["Pikachu", "Bulbasaur"]).map((n) => n.name)).toEqual(["Pichu"]);
  });
  it("keeps everything before the first guess", () => {
    expect(withoutGuessed(shown, [])).toHaveLength(3);
  });
});
