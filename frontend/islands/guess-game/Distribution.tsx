// Horizontal bars for guesses 1–6 (statistics and "how everyone did").
import type { CSSProperties } from "react";

type Props = {
  counts: number[];
  /** 1-based attempt count to highlight, if any. */
  highlight?: number | null;
};

export function Distribution({ counts, highlight = null }: Props) {
  const max = Math.max(1, ...counts);
  return (
    <ol className="gg-dist">
      {counts.map((count, i) => (
        <li key={i} className={i + 1 === highlight ? "gg-dist__row gg-dist__row--current" : "gg-dist__row"}>
          <span className="gg-dist__n">{i + 1}</span>
          <span className="gg-dist__track">
            <span className="gg-dist__bar" style={{ "--share": `${(count / max) * 100}%` } as CSSProperties}>
              {count}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
