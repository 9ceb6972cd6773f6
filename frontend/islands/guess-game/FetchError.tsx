// A failed request: the server's translated message (or the network error) and a retry.
import type { ApiError } from "./api";
import { useIsland } from "./context";

type Props = { error: ApiError; onRetry?: () => void };

export function FetchError({ error, onRetry }: Props) {
  const { strings } = useIsland();
  return (
    <div className="gg-notice">
      <p role="alert">{error.isNetwork ? strings.networkError : error.message}</p>
      {onRetry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {strings.retry}
        </button>
      )}
    </div>
  );
}
