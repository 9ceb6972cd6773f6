// The guess-game island: reads the props the server put in the page, then replaces the
// server-rendered fallback (noscript note, silhouette) with the game. Today's game needs
// no router; the archive loads App (react-router) as a chunk of its own.
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { shown } from "../../lib/paint";
import type { IslandProps } from "./context";
import { ErrorBoundary } from "./ErrorBoundary";
import { Layout } from "./Layout";
import { TodayPage } from "./TodayPage";
import "./game.css";

// The server-rendered silhouette is the page's largest paint. Replaced before it ever
// showed, the largest paint would be the game's own copy, which waits for this script;
// so the game takes over once the browser has painted it, or after a short wait.
const SHOWN_WITHIN_MS = 300;

export function mount(root: HTMLElement): void {
  const script = root.querySelector('script[type="application/json"]');
  let props: IslandProps;
  try {
    props = JSON.parse(script?.textContent ?? "") as IslandProps;
  } catch (error) {
    console.error("guess-game: missing or invalid props", error);
    return; // keep the server-rendered fallback
  }
  if (props.view === "today") {
    const fallback = root.querySelector<HTMLImageElement>(".guess-game__silhouette");
    void shown(fallback, SHOWN_WITHIN_MS).then(() =>
      createRoot(root).render(
        <ErrorBoundary strings={props.strings}>
          <Layout props={props}>
            <TodayPage />
          </Layout>
        </ErrorBoundary>,
      ),
    );
    return;
  }
  import("./App").then(
    // As a transition, React renders the archive in slices and lets the browser
    // answer in between: one long task of the first render was most of the page's
    // blocking time in Lighthouse.
    ({ App }) => {
      const archive = createRoot(root);
      startTransition(() =>
        archive.render(
          <ErrorBoundary strings={props.strings}>
            <App {...props} />
          </ErrorBoundary>,
        ),
      );
    },
    (error: unknown) => console.error("guess-game: could not load the archive", error),
  );
}
