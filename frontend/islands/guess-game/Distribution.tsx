// Horizontal bars for guesses 1–6 (statistics and "how everyone did"). Each row reads
// as a sentence, e.g. "1 guess: 3 games", with the language's own plurals.
import type { CSSProperties } from "react";
import { format, formatCount, plural } from "../../lib/text";
import { useIsland } from "./context";

type Props = {
  counts: number[];
  /** 1-based attempt count to highlight, if any. */
  highlight?: number | null;
};

export function Distribution({ counts, highlight = null }: Props) {
  const { strings, plurals, lang } = useIsland();
  const max = Math.max(1, ...counts);
  return (
    <ol className="gg-dist">
      {counts.map((count, i) => (
        <li
          key={i}
          className={i + 1 === highlight ? "gg-dist__row gg-dist__row--current" : "gg-dist__row"}
        >
          <span className="visually-hidden">
            {format(strings.distributionRow, {
              guesses: plural(plurals.guessCount, i + 1, lang),
              games: plural(plurals.gameCount, count, lang),
            })}
          </span>
          <span className="gg-dist__n" aria-hidden="true">
            {plural(plurals.guessCount, i + 1, lang)}
          </span>
          <span className="gg-dist__track" aria-hidden="true">
            <span
              className="gg-dist__bar"
              style={{ "--share": `${(count / max) * 100}%` } as CSSProperties}
            >
              {formatCount(count, lang)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
