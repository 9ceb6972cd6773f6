import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  REFUSE_ALL,
  allows,
  needsAsking,
  parseChoice,
  serializeChoice,
  withdrawn,
} from "./consent";

const NOW = new Date("2026-11-25T10:00:00Z");

describe("consent", () => {
  it("round-trips a choice through storage", () => {
    const choice = { analytics: true, ads: false };
    expect(parseChoice(serializeChoice(choice, NOW))).toEqual(choice);
  });

  it("treats missing, broken or outdated records as no decision", () => {
    expect(parseChoice(null)).toBeNull();
    expect(parseChoice("{not json")).toBeNull();
    expect(parseChoice('{"v":0,"analytics":true,"ads":true}')).toBeNull();
    expect(parseChoice('{"v":1,"analytics":"yes","ads":true}')).toBeNull();
    expect(parseChoice("null")).toBeNull();
  });

  it("defaults to no for every purpose", () => {
    expect(allows(null, "analytics")).toBe(false);
    expect(allows(null, "ads")).toBe(false);
    expect(allows(ACCEPT_ALL, "ads")).toBe(true);
  });

  it("asks only when a third party is configured and nothing was decided", () => {
    expect(needsAsking(null, [])).toBe(false);
    expect(needsAsking(null, ["ads"])).toBe(true);
    expect(needsAsking(REFUSE_ALL, ["ads"])).toBe(false);
  });

  it("notices a withdrawn consent, which needs a reload", () => {
    expect(withdrawn(ACCEPT_ALL, { analytics: true, ads: false })).toBe(true);
    expect(withdrawn(REFUSE_ALL, ACCEPT_ALL)).toBe(false);
    expect(withdrawn(null, REFUSE_ALL)).toBe(false);
  });
});
