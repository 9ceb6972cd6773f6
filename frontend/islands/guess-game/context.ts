// What every component of the island can read: the server's props and the shared UI
// actions (dialogs, high contrast). One context, set once by <App>.
import { createContext, useContext, type RefObject } from "react";
import type { PluralTable } from "../../lib/text";
import type { Theme } from "../../lib/storage";
import type { UiStrings } from "../../lib/strings";

export type IslandProps = {
  lang: string;
  basename: string;
  view: "today" | "archive";
  todayNumber: number;
  /** Date of puzzle #1 (YYYY-MM-DD, UTC): the archive derives each puzzle's date. */
  launchDate: string;
  /** The puzzle the page was rendered for (null on the archive list). The player's state
   *  and the CSRF token come from the API: the page is the same for everyone. */
  puzzleNumber: number | null;
  /** That puzzle's silhouette, the page's own image: shown while the game loads. */
  silhouetteUrl: string | null;
  urls: {
    today: string;
    puzzle: string;
    names: string;
    stats: string;
    /** DELETE erases the player (privacy page). */
    player: string;
    practice: string;
    practiceStats: string;
    /** Prefix of the suggestions' pictures: `${thumbs}${id}/thumb.webp`. */
    thumbs: string;
    archive: string;
    home: string;
    site: string;
  };
  strings: UiStrings;
  plurals: Record<"guessCount" | "gameCount", PluralTable>;
};

/** `highlight`: the attempt count of the game on screen, marked in the distribution. */
export type DialogRequest =
  { kind: "help" } | { kind: "settings" } | { kind: "stats"; highlight: number | null };

export type Island = IslandProps & {
  highContrast: boolean;
  setHighContrast: (on: boolean) => void;
  theme: Theme;
  setTheme: (theme: Theme) => void;
  /** The player's choice for games not started yet (a game keeps its own mode). */
  hardMode: boolean;
  setHardMode: (on: boolean) => void;
  openDialog: (request: DialogRequest) => void;
  /** True once the player moved between views inside the island (client-side). */
  navigated: Readonly<RefObject<boolean>>;
  /** Called by the router on a client-side move between views. */
  markNavigated: () => void;
};

export const IslandContext = createContext<Island | null>(null);

export function useIsland(): Island {
  const island = useContext(IslandContext);
  if (!island) throw new Error("useIsland outside <App>");
  return island;
}
