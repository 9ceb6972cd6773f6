// Name matching for the guess field: the same comparison key as the server's judge,
// and the suggestions built on it.
import type { NameEntry } from "./api-types";

/** What matching reads of a names-list entry: its name, its English name and the other
 *  spellings the server accepts, if any. */
type Named = Pick<NameEntry, "name" | "en" | "aka">;

const STRIP_MARKS_AFTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;
const KEPT = /[\p{L}\p{N}\p{M}]/u;

function stripsMarks(base: string | undefined): boolean {
  if (base === undefined || base < "\u0080" || !LETTER_OR_DIGIT.test(base)) return true;
  return STRIP_MARKS_AFTER.test(base);
}

/** Traditional Chinese characters as Simplified ones (将 for 將), the server's table
 *  (puzzle/data/zh-fold.json); null until a Chinese page loads it. */
let chineseFold: Readonly<Record<string, string>> | null = null;

/**
 * Read Traditional Chinese as Simplified from now on, as the server does: players in
 * Taiwan and Hong Kong type Traditional names on the Chinese page. The table is a chunk
 * of its own, fetched only there.
 */
export async function loadChineseFold(): Promise<void> {
  if (chineseFold) return;
  chineseFold = (await import("../../puzzle/data/zh-fold.json")).default;
  keys = new WeakMap(); // keys made before the table would miss its folding
}

/** Hiragana typed for a katakana name: ぁ-ゖ and ゝゞ sit 0x60 code points before. */
function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (char) =>
    String.fromCharCode(char.charCodeAt(0) + 0x60),
  );
}

/**
 * The comparison key of a name, like the server's `normalize_name`: no case, spaces or
 * punctuation; Latin/Greek/Cyrillic lose their accents, while marks of other scripts
 * stay (ガ is not カ). ♀/♂ become "f"/"m", œ/æ "oe"/"ae". Hiragana reads as katakana,
 * full-width and half-width forms as their plain letters, and once `loadChineseFold`
 * has run, Traditional Chinese as Simplified. Both sides are held to the same cases
 * (normalize-cases.json).
 */
export function normalizeName(text: string): string {
  let base: string | undefined;
  let kept = "";
  for (const char of toKatakana(text.toLowerCase()).normalize("NFKD")) {
    if (MARK.test(char)) {
      if (!stripsMarks(base)) kept += char;
    } else {
      base = char;
      kept += char;
    }
  }
  let key = "";
  for (const char of kept.normalize("NFC").toLowerCase()) {
    if (char === "♀") key += "f";
    else if (char === "♂") key += "m";
    else if (char === "ß") key += "ss";
    else if (char === "œ") key += "oe";
    else if (char === "æ") key += "ae";
    else if (KEPT.test(char)) key += chineseFold?.[char] ?? char;
  }
  return key;
}

let keys = new WeakMap<Named, string[]>();

/** The comparison keys of an entry: its name first, then the others. */
function keysOf(entry: Named): string[] {
  let cached = keys.get(entry);
  if (!cached) {
    const spellings = [entry.name, entry.en ?? "", ...(entry.aka ?? [])];
    cached = spellings.map(normalizeName).filter(Boolean);
    keys.set(entry, cached);
  }
  return cached;
}

/**
 * Names matching the query by any name the server accepts (the page language's, the
 * English one, the other spellings), ignoring case, accents and punctuation: a name
 * the query spells exactly first (Mew before Mewtwo), then names starting with it,
 * then names containing it.
 */
export function filterNames<T extends Named>(
  names: readonly T[],
  query: string,
  limit: number,
): T[] {
  const needle = normalizeName(query);
  if (!needle || limit < 1) return [];
  const exact: T[] = [];
  const prefix: T[] = [];
  const inside: T[] = [];
  for (const entry of names) {
    const found = keysOf(entry);
    if (found.includes(needle)) exact.push(entry);
    else if (found.some((key) => key.startsWith(needle))) prefix.push(entry);
    else if (found.some((key) => key.includes(needle))) inside.push(entry);
  }
  return exact.concat(prefix, inside).slice(0, limit);
}

/** Suggestions without the Pokémon already guessed (by any of their names). */
export function withoutGuessed<T extends Named>(
  options: readonly T[],
  guessed: readonly string[],
): T[] {
  if (guessed.length === 0) return [...options];
  const seen = new Set(guessed.map(normalizeName));
  return options.filter((entry) => !keysOf(entry).some((key) => seen.has(key)));
}
