import { describe, expect, it } from "vitest";
import { formatRemaining, remaining } from "./countdown";

const NEXT = "2026-03-02T00:00:00Z";
const at = (iso: string) => Date.parse(iso);

describe("remaining", () => {
  it("splits the time left into hours, minutes and seconds", () => {
    expect(remaining(NEXT, at("2026-03-01T20:58:55Z"))).toEqual({
      hours: 3,
      minutes: 1,
      seconds: 5,
      done: false,
    });
  });
  it("rounds a partial second up so it never shows zero before the end", () => {
    expect(remaining(NEXT, at(NEXT) - 400)).toEqual({
      hours: 0,
      minutes: 0,
      seconds: 1,
      done: false,
    });
  });
  it("is done exactly at the next puzzle time", () => {
    expect(remaining(NEXT, at(NEXT))).toEqual({ hours: 0, minutes: 0, seconds: 0, done: true });
  });
  it("is done after the next puzzle time and never goes negative", () => {
    expect(remaining(NEXT, at(NEXT) + 90_000)).toEqual({
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
  });
  it("treats an unreadable date as done", () => {
    expect(remaining("not a date", 0).done).toBe(true);
  });
  it("does not depend on the offset the time is written in", () => {
    expect(remaining("2026-03-02T01:00:00+01:00", at("2026-03-01T23:00:00Z")).hours).toBe(1);
  });
});

describe("formatRemaining", () => {
  it("pads every part to two digits", () => {
    expect(formatRemaining({ hours: 3, minutes: 1, seconds: 5, done: false })).toBe("03:01:05");
  });
  it("shows zero as 00:00:00", () => {
    expect(formatRemaining(remaining(NEXT, at(NEXT)))).toBe("00:00:00");
  });
  it("keeps two-digit values as they are", () => {
    expect(formatRemaining({ hours: 23, minutes: 59, seconds: 59, done: false })).toBe("23:59:59");
  });
});
