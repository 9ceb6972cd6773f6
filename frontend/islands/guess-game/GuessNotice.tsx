// The server's (translated) reason a guess was refused, with a "did you mean" button
// that fills the input, or a retry after a network failure. Announced by LiveRegion.
import type { Notice } from "../../lib/play";
import { useIsland } from "./context";
import { Isolated } from "./Isolated";

type Props = {
  id: string;
  notice: Notice;
  onSuggestion: (name: string) => void;
  onRetry: () => void;
};

export function GuessNotice({ id, notice, onSuggestion, onRetry }: Props) {
  const { strings } = useIsland();
  return (
    <div className="gg-notice" id={id}>
      <p>
        <Isolated text={notice.message} />
      </p>
      {notice.suggestions.length > 0 && (
        <div className="button-row">
          {notice.suggestions.map((name) => (
            <button
              key={name}
              type="button"
              className="button button--small"
              onClick={() => onSuggestion(name)}
            >
              {name}
            </button>
          ))}
        </div>
      )}
      {notice.code === "network" && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {strings.retry}
        </button>
      )}
    </div>
  );
}
