// The guesses so far, newest first: the name, then one cell per hint. Each cell shows its
// column's name (narrow screens, where the cells take two lines), an icon, the value and
// a colour (never colour alone) and reads as a full sentence.
import { useId, type CSSProperties } from "react";
import type { HintRow } from "../../lib/api-types";
import { HINT_KEYS, hintLabel, hintSentence, RESULT_ICONS } from "../../lib/text";
import { useIsland } from "./context";

type Props = {
  rows: HintRow[];
  /** Rows from this index on are new: they flip in (when motion is allowed). */
  fresh: number;
};

export function GuessRows({ rows, fresh }: Props) {
  const { strings, lang } = useIsland();
  const headingId = useId();
  if (rows.length === 0) return null;
  const newestFirst = rows.map((row, index) => ({ row, index })).reverse();

  return (
    <section className="gg-guesses" aria-labelledby={headingId}>
      <h3 id={headingId} className="gg-subheading">
        {strings.guessesHeading}
      </h3>
      <div className="gg-table" role="table" aria-labelledby={headingId}>
        <div role="rowgroup" className="gg-table__head">
          <div role="row" className="gg-row gg-row--head">
            <span role="columnheader" className="gg-row__name">
              {strings.pokemon}
            </span>
            {HINT_KEYS.map((key) => (
              <span role="columnheader" key={key} className="gg-row__head">
                {key === "generation" ? (
                  <abbr title={strings.generation}>{strings.generationHead}</abbr>
                ) : (
                  strings[key]
                )}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {newestFirst.map(({ row, index }) => (
            <div
              role="row"
              key={row.name}
              className={`gg-row${row.correct ? " gg-row--correct" : ""}${index >= fresh ? " gg-row--fresh" : ""}`}
            >
              <span role="rowheader" className="gg-row__name">
                <span className="gg-row__number">{index + 1}</span> <bdi>{row.name}</bdi>
              </span>
              {HINT_KEYS.map((key, column) => {
                const hint = row.hints.find((h) => h.key === key);
                if (!hint) return <span role="cell" key={key} className="gg-cell" />;
                return (
                  <span
                    role="cell"
                    key={key}
                    className={`gg-cell gg-cell--${hint.result}`}
                    style={{ "--i": column } as CSSProperties}
                  >
                    <span className="gg-cell__key" aria-hidden="true">
                      {key === "generation" ? strings.generationHead : strings[key]}
                    </span>
                    <span className="gg-cell__icon" aria-hidden="true">
                      {RESULT_ICONS[hint.result]}
                    </span>
                    <bdi className="gg-cell__value" aria-hidden="true">
                      {hintLabel(hint, strings.none)}
                    </bdi>
                    <span className="visually-hidden">{hintSentence(hint, strings, lang)}</span>
                  </span>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
