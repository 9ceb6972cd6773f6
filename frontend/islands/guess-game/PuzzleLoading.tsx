// The header bar and a loading note (or the error with a retry) while a puzzle loads.
import { format } from "../../lib/text";
import { useIsland } from "./context";
import { FetchError } from "./FetchError";
import { HeaderBar } from "./HeaderBar";
import type { JsonState } from "./useJson";

type Props = { number: number | null; state: JsonState<unknown> };

export function PuzzleLoading({ number, state }: Props) {
  const { strings } = useIsland();
  return (
    <div className="gg-game">
      <HeaderBar
        title={number === null ? strings.title : format(strings.puzzleNumber, { number })}
      />
      {state.error ? (
        <FetchError error={state.error} onRetry={state.error.isNetwork ? state.retry : undefined} />
      ) : (
        <p className="gg-loading" role="status">
          {strings.loading}
        </p>
      )}
    </div>
  );
}
