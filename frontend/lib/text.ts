// Text the island shows: the server's translated strings filled in, counted words, and
// how a hint reads on screen and to screen readers.
import type { Hint, HintKey, HintRow, Result } from "./api-types";
import type { UiStrings } from "./strings";

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/**
 * A text split around the names the server isolated in it (U+2068 … U+2069, see
 * puzzle.rules.isolate): plain runs and isolated runs in order, so the page can put
 * each name in a <bdi> ("Mime Jr." keeps its full stop at its end in Arabic).
 */
export function isolatedRuns(text: string): { text: string; isolated: boolean }[] {
  return text
    .split(/\u2068([^\u2068\u2069]*)\u2069/)
    .map((run, i) => ({ text: run, isolated: i % 2 === 1 }))
    .filter((run) => run.text !== "");
}

/** The text without the isolation marks, for what is only read aloud. */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2068\u2069]/g, "");
}

/** A count in the page language's digits and grouping: "1,234" in English, "1 234" in
 *  French. Puzzle numbers are names, not counts, and stay as they are ("#1234"). */
export function formatCount(count: number, lang: string): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(count);
}

/** Items joined the page language's way: "1, 3 and 5", 「1、3、5」, "1 و3 و5". */
export function formatList(items: readonly string[], lang: string): string {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
}

/** A gettext plural, tabled by the server for 0–199 (one digit per count, an index
 *  into `forms`); larger counts follow their last two digits, as every rule we ship. */
export type PluralTable = { forms: string[]; map: string };

/** The counted word for `count`, the count formatted for `lang` ("1 234 игры"). */
export function plural(table: PluralTable, count: number, lang: string): string {
  const n = Math.abs(Math.trunc(count));
  const index = n < table.map.length ? n : 100 + (n % 100);
  const form = table.forms[Number(table.map[index] ?? 0)] ?? table.forms[0] ?? "";
  return format(form, { count: formatCount(count, lang) });
}

/** The hint columns, in display and share order. */
export const HINT_KEYS: readonly HintKey[] = [
  "type1",
  "type2",
  "generation",
  "stage",
  "color",
  "height",
  "weight",
];

/** The symbol shown with each result, so colour is never the only signal. */
export const RESULT_ICONS: Record<Result, string> = {
  correct: "✓",
  present: "↔",
  higher: "↑",
  lower: "↓",
  wrong: "✗",
};

/** How many of a row's hints are correct. */
export function correctCount(row: HintRow): number {
  return row.hints.filter((hint) => hint.result === "correct").length;
}

/** What a hint cell shows: its translated value, or strings.none for an empty type 2. */
export function hintLabel(hint: Hint, none: string): string {
  return hint.label === "" ? none : hint.label;
}

/** Separators between the parts of a spoken cell, where ", " is not the custom. */
const SEPARATORS: Record<string, string> = { ar: "، ", ja: "、", zh: "、", th: " " };

/** The full sentence read to screen readers, e.g. "Generation 3, the answer is higher". */
export function hintSentence(
  hint: Hint,
  strings: Pick<UiStrings, HintKey | Result | "none">,
  lang: string,
): string {
  const [language = lang] = lang.split("-");
  const separator = SEPARATORS[language] ?? ", ";
  return `${strings[hint.key]} ${hintLabel(hint, strings.none)}${separator}${strings[hint.result]}`;
}
