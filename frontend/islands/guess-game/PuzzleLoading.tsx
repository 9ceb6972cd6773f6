// The header bar, and the silhouette where the game will show it, while a puzzle loads
// (or the error with a retry): the page's image paints once and stays in place.
import { format } from "../../lib/text";
import { useIsland } from "./context";
import { FetchError } from "./FetchError";
import { HeaderBar } from "./HeaderBar";
import { Silhouette } from "./Silhouette";
import type { JsonState } from "./useJson";

type Props = { number: number | null; state: JsonState<unknown> };

export function PuzzleLoading({ number, state }: Props) {
  const { strings, puzzleNumber, silhouetteUrl } = useIsland();
  // The page's own puzzle only: another archive puzzle's URL comes with its state.
  const src = number !== null && number === puzzleNumber ? silhouetteUrl : null;
  return (
    <div className="gg-game">
      <HeaderBar
        title={number === null ? strings.title : format(strings.puzzleNumber, { number })}
      />
      {state.error ? (
        <FetchError error={state.error} onRetry={state.error.isNetwork ? state.retry : undefined} />
      ) : (
        <div className="gg-board">
          {src && <Silhouette src={src} pop={false} />}
          <p className="gg-loading gg-board__side" role="status">
            {strings.loading}
          </p>
        </div>
      )}
    </div>
  );
}
