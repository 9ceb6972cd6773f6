// The spoiler-free share text: the puzzle number, the score and one emoji per hint.
// It never contains the answer's or any guess's name.
import { format, HINT_KEYS, type HintRow, type Result } from "./game";

const EMOJI: Record<Result, string> = {
  correct: "🟩",
  present: "🟨",
  wrong: "🟥",
  higher: "⬆️",
  lower: "⬇️",
};
const MISSING = "⬜";

export type ShareInput = {
  /** strings.shareTitle, e.g. "Pokéguess #{number}". */
  title: string;
  number: number;
  status: "won" | "lost";
  guesses: HintRow[];
  attempts: number;
  url: string;
};

/** One line of emoji for a guess, in the fixed hint order. */
export function emojiLine(row: HintRow): string {
  return HINT_KEYS.map((key) => {
    const hint = row.hints.find((h) => h.key === key);
    return hint ? EMOJI[hint.result] : MISSING;
  }).join("");
}

export function shareText({ title, number, status, guesses, attempts, url }: ShareInput): string {
  const score = status === "won" ? String(guesses.length) : "X";
  return [`${format(title, { number })} ${score}/${attempts}`, "", ...guesses.map(emojiLine), url].join("\n");
}
