// A rendering error in the game shows a short message and "Try again" (which mounts the
// game afresh) instead of a blank area. It sits outside Layout, which may be what
// failed, so it takes its strings as props rather than from the island's context.
import { Component, type ErrorInfo, type ReactNode } from "react";
import type { UiStrings } from "../../lib/strings";

type Props = { strings: Pick<UiStrings, "crashed" | "retry">; children: ReactNode };
type State = { failed: boolean };

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  // React logs the error too; this names the island and where in it the error arose.
  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("guess-game: could not render", error, info.componentStack);
  }

  render() {
    const { strings, children } = this.props;
    if (!this.state.failed) return children;
    return (
      <div className="gg">
        <div className="gg-notice">
          <p role="alert">{strings.crashed}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => this.setState({ failed: false })}
          >
            {strings.retry}
          </button>
        </div>
      </div>
    );
  }
}
