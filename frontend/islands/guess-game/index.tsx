// The guess-game island: reads the props the server put in the page, then replaces the
// server-rendered fallback (noscript note, silhouette) with the game.
import { createRoot } from "react-dom/client";
import { App } from "./App";
import type { IslandProps } from "./context";
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
  createRoot(root).render(<App {...props} />);
}
