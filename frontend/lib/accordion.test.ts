import { describe, expect, it } from "vitest";
import { nextFocus, toggled } from "./accordion";

describe("nextFocus", () => {
  it("moves down and wraps from the last to the first", () => {
    expect(nextFocus("ArrowDown", 0, 3)).toBe(1);
    expect(nextFocus("ArrowDown", 2, 3)).toBe(0);
  });
  it("moves up and wraps from the first to the last", () => {
    expect(nextFocus("ArrowUp", 1, 3)).toBe(0);
    expect(nextFocus("ArrowUp", 0, 3)).toBe(2);
  });
  it("jumps with Home and End", () => {
    expect(nextFocus("Home", 2, 5)).toBe(0);
    expect(nextFocus("End", 0, 5)).toBe(4);
  });
  it("ignores other keys and empty lists", () => {
    expect(nextFocus("Enter", 0, 3)).toBeNull();
    expect(nextFocus("ArrowDown", 0, 0)).toBeNull();
  });
});

describe("toggled", () => {
  it("keeps at most one item open in single mode", () => {
    expect(toggled([true, false, false], 2, "single")).toEqual([false, false, true]);
  });
  it("lets the open item close in single mode", () => {
    expect(toggled([false, true, false], 1, "single")).toEqual([false, false, false]);
  });
  it("lets several items stay open in multiple mode", () => {
    expect(toggled([true, false, false], 2, "multiple")).toEqual([true, false, true]);
  });
});
