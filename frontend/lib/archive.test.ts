import { describe, expect, it } from "vitest";
import { missedSince, nextUnplayed, puzzleDate } from "./archive";

describe("puzzleDate", () => {
  it("counts days from the launch date in UTC", () => {
    expect(puzzleDate(1, "2026-11-01")).toBe("2026-11-01");
    expect(puzzleDate(21, "2026-11-01")).toBe("2026-11-21");
    expect(puzzleDate(32, "2026-11-01")).toBe("2026-12-02");
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

describe("missedSince", () => {
  it("lists the past puzzles from the first asked never opened, not today's", () => {
    expect(missedSince(3, 8, { "4": "won", "6": "playing" })).toEqual([3, 5, 7]);
  });
  it("starts at puzzle #1 in the site's first week", () => {
    expect(missedSince(-5, 3, {})).toEqual([1, 2]);
  });
});
