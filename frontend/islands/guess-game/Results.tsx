// "How everyone did": the puzzle's win rate and guess distribution (after the end only).
import { useId } from "react";
import type { Results as ResultsData } from "../../lib/api-types";
import { format, formatCount } from "../../lib/text";
import { withLang } from "./api";
import { useIsland } from "./context";
import { Distribution } from "./Distribution";
import { FetchError } from "./FetchError";
import { useJson } from "./useJson";

type Props = { number: number; highlight: number | null };

export function Results({ number, highlight }: Props) {
  const { strings, urls, lang } = useIsland();
  const headingId = useId();
  const { data, error, retry } = useJson<ResultsData>(
    withLang(`${urls.puzzle}${number}/results`, lang),
  );
  if (!error && (!data || data.players === 0)) return null;
  return (
    <section className="gg-results" aria-labelledby={headingId}>
      <h4 id={headingId} className="gg-subheading">
        {strings.everyone}
      </h4>
      {error ? (
        <FetchError error={error} onRetry={retry} />
      ) : (
        data && (
          <>
            <p>
              {format(strings.everyoneSummary, {
                percent: formatCount(data.win_percent, lang),
                players: formatCount(data.players, lang),
              })}
            </p>
            <Distribution counts={data.distribution} highlight={highlight} />
          </>
        )
      )}
    </section>
  );
}
