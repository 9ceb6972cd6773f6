// The island's own title bar: the view's heading, then help, statistics and settings.
import { useEffect, useRef } from "react";
import { trackPageView } from "../../lib/analytics";
import { useIsland } from "./context";

type Props = {
  title: string;
  /** The attempt count to highlight in the statistics (a game won on screen). */
  highlight?: number | null;
  /** The page already shows this title: keep it for screen readers and focus only. */
  hideTitle?: boolean;
};

export function HeaderBar({ title, highlight = null, hideTitle = false }: Props) {
  const { strings, openDialog, navigated } = useIsland();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Replacing a loading view drops the focus RouteFocus gave its heading: take it over.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (navigated.current && lost) headingRef.current?.focus();
  }, [navigated]);
  // A client-side navigation shows a new view: give the tab its title and count the
  // page view (the first view came with the server's page and its own page view).
  useEffect(() => {
    if (!navigated.current) return;
    document.title = `${title} – Pokéguess`;
    trackPageView();
  }, [title, navigated]);
  return (
    <div className="gg-bar">
      <h2
        ref={headingRef}
        className={hideTitle ? "visually-hidden" : "gg-bar__title"}
        tabIndex={-1}
        data-route-heading=""
      >
        {title}
      </h2>
      <div className="gg-bar__actions">
        <button
          type="button"
          className="icon-button gg-bar__button"
          aria-haspopup="dialog"
          title={strings.howToPlay}
          onClick={() => openDialog({ kind: "help" })}
        >
          <span className="gg-bar__glyph" aria-hidden="true">
            ?
          </span>
          <span className="visually-hidden">{strings.howToPlay}</span>
        </button>
        <button
          type="button"
          className="icon-button gg-bar__button"
          aria-haspopup="dialog"
          title={strings.statistics}
          onClick={() => openDialog({ kind: "stats", highlight })}
        >
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 20V11h4v9zm6 0V4h4v16zm6 0v-6h4v6z" fill="currentColor" />
          </svg>
          <span className="visually-hidden">{strings.statistics}</span>
        </button>
        <button
          type="button"
          className="icon-button gg-bar__button"
          aria-haspopup="dialog"
          title={strings.settings}
          onClick={() => openDialog({ kind: "settings" })}
        >
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm8.1-2.1.1-1.4-.1-1.4 2-1.6-2-3.4-2.4 1a8 8 0 0 0-2.4-1.4L15 2.6h-4l-.4 2.6a8 8 0 0 0-2.4 1.4l-2.4-1-2 3.4 2 1.6-.1 1.4.1 1.4-2 1.6 2 3.4 2.4-1a8 8 0 0 0 2.4 1.4l.4 2.6h4l.4-2.6a8 8 0 0 0 2.4-1.4l2.4 1 2-3.4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">{strings.settings}</span>
        </button>
      </div>
    </div>
  );
}
