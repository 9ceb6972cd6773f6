// The guess-game island: reads the props the server put in the page, then replaces the
// server-rendered fallback (noscript note, silhouette) with the game. Today's game needs
// no router; the archive loads App (react-router) as a chunk of its own.
import { createRoot } from "react-dom/client";
import type { IslandProps } from "./context";
import { Layout } from "./Layout";
import { TodayPage } from "./TodayPage";
import "./game.css";

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
    createRoot(root).render(
      <Layout props={props}>
        <TodayPage />
      </Layout>,
    );
    return;
  }
  import("./App").then(
    ({ App }) => createRoot(root).render(<App {...props} />),
    (error: unknown) => console.error("guess-game: could not load the archive", error),
  );
}
