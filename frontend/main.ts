// The shell: a few lines of plain TypeScript for every page, no React. Islands found in
// the page (`data-island="…"`) are imported lazily, so a page downloads only its own.
import "./styles/main.css";
import { afterFirstContentfulPaint } from "./lib/paint";
import { initShell } from "./lib/shell";

type IslandLoader = () => Promise<{ mount: (root: HTMLElement) => void }>;

const islands: Record<string, IslandLoader> = {
  accordion: () => import("./islands/accordion/index"),
  "guess-game": () => import("./islands/guess-game/index"),
  "game-frame": () => import("./islands/game-frame/index"),
  "ad-slot": () => import("./islands/ad-slot/index"),
  consent: () => import("./islands/consent/index"),
  transfer: () => import("./islands/transfer/index"),
};

// Islands marked data-load="visible" (the game, below the hero on phones) load when they
// come near the viewport, so the first paint is not held up by React.
function whenNear(root: HTMLElement, run: () => void): void {
  if (root.dataset.load !== "visible" || !("IntersectionObserver" in window)) {
    run();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "600px 0px" },
  );
  observer.observe(root);
}

function mountIslands(): void {
  document.querySelectorAll<HTMLElement>("[data-island]").forEach((root) => {
    const load = islands[root.dataset.island ?? ""];
    if (!load || root.dataset.mounted) return;
    root.dataset.mounted = "true";
    whenNear(root, () => {
      load()
        .then((island) => island.mount(root))
        .catch((error: unknown) =>
          console.error("Could not load island", root.dataset.island, error),
        );
    });
  });
}

initShell(document);
afterFirstContentfulPaint(mountIslands);

// The service worker (/sw.js) makes the site installable and shows an offline page; it is
// registered once the page is loaded, so it never competes with the page's own requests.
// Not under Vite's dev server, whose modules change without a change of name.
if ("serviceWorker" in navigator && !import.meta.env.DEV) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}
