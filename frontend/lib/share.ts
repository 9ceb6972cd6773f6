// The spoiler-free share text: the puzzle number, the score and one emoji per hint.
// It never contains the answer's or any guess's name.
import type { HintRow, Result } from "./api-types";
import { format, HINT_KEYS } from "./text";

// Black for a wrong hint rather than red: red and green look alike to many colour-blind
// players, and a mostly red grid reads as a failure even on a win.
const EMOJI: Record<Result, string> = {
  correct: "🟩",
  present: "🟨",
  wrong: "⬛",
  higher: "⬆️",
  lower: "⬇️",
};
/** The high-contrast setting shares blue and orange, as its hint cells show them. */
const CONTRAST_EMOJI: Record<Result, string> = { ...EMOJI, correct: "🟦", present: "🟧" };
const MISSING = "⬜";
/** Marks after the score: hard mode was on; the lifeline (first letter) was used; the
 *  player's streak of days, from two on. */
export const HARD_MARK = "★";
export const LIFELINE_MARK = "💡";
export const STREAK_MARK = "🔥";

export type ShareInput = {
  /** strings.shareTitle ("Pokéguess #{number}"), or the archive's or practice's title. */
  title: string;
  number: number;
  status: "won" | "lost";
  guesses: HintRow[];
  attempts: number;
  url: string;
  highContrast?: boolean;
  hardMode?: boolean;
  lifeline?: boolean;
  /** The current streak, shared from 2 days on (today's puzzle only). */
  streak?: number;
};

/** One line of emoji for a guess, in the fixed hint order. */
export function emojiLine(row: HintRow, highContrast = false): string {
  const palette = highContrast ? CONTRAST_EMOJI : EMOJI;
  return HINT_KEYS.map((key) => {
    const hint = row.hints.find((h) => h.key === key);
    return hint ? palette[hint.result] : MISSING;
  }).join("");
}

export function shareText(input: ShareInput): string {
  const { title, number, status, guesses, attempts, url, highContrast = false } = input;
  const score = status === "won" ? String(guesses.length) : "X";
  const streak = (input.streak ?? 0) >= 2 ? `${STREAK_MARK}${input.streak}` : "";
  const marks = [
    input.hardMode ? HARD_MARK : "",
    input.lifeline ? LIFELINE_MARK : "",
    streak,
  ].filter(Boolean);
  const heading = [`${format(title, { number })} ${score}/${attempts}`, ...marks].join(" ");
  return [heading, "", ...guesses.map((row) => emojiLine(row, highContrast)), url].join("\n");
}

/** Letters of a shared result's link, one per hint cell (puzzle/views.py RESULT_CODE). */
const CODE: Record<Result, string> = {
  correct: "c",
  present: "p",
  wrong: "w",
  higher: "h",
  lower: "l",
};

/** The path of a shared result's page, under the site's language prefix: the puzzle's
 *  number, the score (x for a lost game) and the hint letters of each guess. It shows
 *  the grid to whoever opens the link, and names no Pokémon. */
export function resultPath(number: number, status: "won" | "lost", guesses: HintRow[]): string {
  const rows = guesses.map((row) =>
    HINT_KEYS.map((key) => {
      const hint = row.hints.find((h) => h.key === key);
      return hint ? CODE[hint.result] : CODE.wrong;
    }).join(""),
  );
  const score = status === "won" ? String(guesses.length) : "x";
  return `p/${number}/${[score, ...rows].join("-")}/`;
}
