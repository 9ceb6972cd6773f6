// The archive of past puzzles: each one's date, and where to go after finishing one.
import type { GameStatus } from "./api-types";

/** The UTC date of a puzzle number, as YYYY-MM-DD (puzzle #1 is the launch date). */
export function puzzleDate(number: number, launchDate: string): string {
  const launch = Date.parse(`${launchDate}T00:00:00Z`);
  return new Date(launch + (number - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The archive's next puzzle after finishing one: the nearest older one not played yet,
 * else the nearest newer one before today; null when every past puzzle was played.
 */
export function nextUnplayed(
  current: number,
  todayNumber: number,
  played: Record<string, GameStatus>,
): number | null {
  const open = (n: number) => n !== current && played[String(n)] === undefined;
  for (let n = current - 1; n >= 1; n--) if (open(n)) return n;
  for (let n = current + 1; n < todayNumber; n++) if (open(n)) return n;
  return null;
}

/** Past puzzles from ``first`` up to yesterday that the player never opened. */
export function missedSince(
  first: number,
  todayNumber: number,
  played: Record<string, GameStatus>,
): number[] {
  const missed: number[] = [];
  for (let n = Math.max(1, first); n < todayNumber; n++) {
    if (played[String(n)] === undefined) missed.push(n);
  }
  return missed;
}
