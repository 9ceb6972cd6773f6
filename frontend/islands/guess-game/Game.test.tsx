// @vitest-environment jsdom
// Today's game as the island mounts it, against a fake API: what a player sees and
// what the game sends.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GuessResponse, HintRow, NameEntry, PuzzlePayload } from "../../lib/api-types";
import type { UiStrings } from "../../lib/strings";
import type { IslandProps } from "./context";
import { RETRY_DELAYS_MS } from "./api";
import { Layout } from "./Layout";
import { TodayPage } from "./TodayPage";

// The English texts these tests read; any other string shows its key.
const ENGLISH: Partial<Record<string, string>> = {
  inputLabel: "Your guess",
  submit: "Guess",
  suggestionsLabel: "Matching Pokémon",
  guessesHeading: "Your guesses",
  generation: "Generation",
  higher: "the answer is higher",
  networkError: "We could not reach the server. Check your connection and try again.",
  retry: "Try again",
};
const strings = new Proxy(ENGLISH, {
  get: (english, key: string) => english[key] ?? key,
}) as UiStrings;

const props: IslandProps = {
  lang: "en",
  basename: "/",
  view: "today",
  todayNumber: 5,
  launchDate: "2026-11-01",
  puzzleNumber: 5,
  silhouetteUrl: "/api/puzzle/5/silhouette.png?v=page",
  urls: {
    today: "/api/today",
    puzzle: "/api/puzzle/",
    names: "/api/names?lang=en",
    stats: "/api/stats",
    player: "/api/player",
    practice: "/api/practice",
    practiceStats: "/api/practice/stats",
    thumbs: "/api/pokemon/",
    archive: "/api/archive",
    home: "/",
    site: "https://pokeguess.test/",
  },
  strings,
  plurals: {
    guessCount: { forms: ["{count} guesses"], map: "" },
    gameCount: { forms: ["{count} games"], map: "" },
  },
};

const NAMES: NameEntry[] = [
  { name: "Pikachu", id: 25 },
  { name: "Raichu", id: 26 },
  { name: "Pichu", id: 172 },
];

const TODAY: PuzzlePayload = {
  number: 5,
  date: "2026-11-05",
  is_today: true,
  attempts_allowed: 6,
  silhouette_url: "/api/puzzle/5/silhouette.webp",
  // The next puzzle does not come during a test.
  next_puzzle_at: "9999-12-31T00:00:00Z",
  state: {
    status: "playing",
    guesses: [],
    practice: false,
    hard_mode: false,
    lifeline: null,
    lifeline_offered: false,
  },
};

function row(name: string): HintRow {
  return {
    name,
    correct: false,
    hints: [{ key: "generation", value: 2, label: "2", result: "higher" }],
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** Answers the game's requests; each guess posted goes to `onGuess`, and whatever it
 *  throws fails the request as a network failure does. */
function serve(onGuess: (name: string) => Response) {
  const answer = (url: string, init?: RequestInit): Response => {
    if (url.startsWith("/api/today")) return json(TODAY);
    if (url.startsWith("/api/names")) return json({ names: NAMES });
    if (url.startsWith("/api/puzzle/5/guesses") && init?.method === "POST") {
      return onGuess((JSON.parse(init.body as string) as { name: string }).name);
    }
    return json({ error: { code: "not_found", message: "Not found." } }, 404);
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init?: RequestInit) => Promise.resolve().then(() => answer(url, init))),
  );
}

/** The server's answer to an accepted guess. */
function accepted(name: string): Response {
  const guess = row(name);
  const body: GuessResponse = { ...TODAY, state: { ...TODAY.state, guesses: [guess] }, guess };
  return json(body);
}

async function openGame() {
  const user = userEvent.setup({ delay: null });
  render(
    <Layout props={props}>
      <TodayPage />
    </Layout>,
  );
  const field = await screen.findByRole("combobox", { name: "Your guess" });
  return { user, field: field as HTMLInputElement };
}

describe("the guess game", () => {
  beforeEach(() => {
    // jsdom has no media queries and does not scroll.
    vi.stubGlobal("matchMedia", (media: string) => ({ media, matches: false }));
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows the page's silhouette while the player's state loads", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})), // the state never arrives
    );
    render(
      <Layout props={props}>
        <TodayPage />
      </Layout>,
    );
    const image = await screen.findByRole("img", { name: "silhouetteAlt" });
    expect(image.getAttribute("src")).toBe("/api/puzzle/5/silhouette.png?v=page");
    expect(screen.getByRole("status").textContent).toBe("loading");
  });

  it("suggests the names that match what is typed", async () => {
    serve(accepted);
    const { user, field } = await openGame();
    await user.type(field, "pi");
    const list = await screen.findByRole("listbox", { name: "Matching Pokémon" });
    const options = within(list).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Pikachu", "Pichu"]);
  });

  it("guesses the suggestion chosen with the arrow keys and Enter", async () => {
    const sent: string[] = [];
    serve((name) => {
      sent.push(name);
      return accepted(name);
    });
    const { user, field } = await openGame();
    await user.type(field, "pi");
    await screen.findByRole("listbox", { name: "Matching Pokémon" });
    expect(screen.getByRole("option", { selected: true }).textContent).toBe("Pikachu");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { selected: true }).textContent).toBe("Pichu");
    await user.keyboard("{Enter}");
    await screen.findByRole("table", { name: "Your guesses" });
    expect(sent).toEqual(["Pichu"]);
  });

  it("guesses the first suggestion on Enter, as it is highlighted", async () => {
    const sent: string[] = [];
    serve((name) => {
      sent.push(name);
      return accepted(name);
    });
    const { user, field } = await openGame();
    await user.type(field, "pich");
    const list = await screen.findByRole("listbox", { name: "Matching Pokémon" });
    const first = within(list).getAllByRole("option")[0];
    expect(first?.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Enter}");
    await screen.findByRole("table", { name: "Your guesses" });
    expect(sent).toEqual(["Pichu"]);
  });

  it("shows the server's hints for a guess as a new row", async () => {
    serve(accepted);
    const { user, field } = await openGame();
    await user.type(field, "Pichu");
    await user.click(screen.getByRole("button", { name: "Guess" }));
    const table = await screen.findByRole("table", { name: "Your guesses" });
    expect(within(table).getByRole("rowheader").textContent).toBe("1 Pichu");
    expect(
      within(table).getByRole("cell", { name: "Generation 2, the answer is higher" }),
    ).toBeTruthy();
    expect(field.value).toBe("");
  });

  it("shows why the server refused a guess, with its suggestion", async () => {
    const message = "No Pokémon is called “Pikchu”.";
    serve(() =>
      json({ error: { code: "unknown_pokemon", message, suggestions: ["Pikachu"] } }, 400),
    );
    const { user, field } = await openGame();
    await user.type(field, "Pikchu{Enter}");
    // The field is described by the notice: the reason, then the suggestion.
    await screen.findByRole("combobox", {
      name: "Your guess",
      description: (text) => text.startsWith(message),
    });
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.queryByRole("table", { name: "Your guesses" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Pikachu" }));
    expect(field.value).toBe("Pikachu");
  });

  it("sends a guess again on its own when the network failed once", async () => {
    let failures = 1;
    const sent: string[] = [];
    serve((name) => {
      sent.push(name);
      if (failures-- > 0) throw new TypeError("Failed to fetch");
      return accepted(name);
    });
    const { user, field } = await openGame();
    await user.type(field, "Pichu{Enter}");
    // The first retry waits a second.
    const table = await screen.findByRole("table", { name: "Your guesses" }, { timeout: 3000 });
    expect(within(table).getByRole("rowheader").textContent).toBe("1 Pichu");
    expect(sent).toEqual(["Pichu", "Pichu"]);
    expect(screen.queryByText(ENGLISH.networkError!)).toBeNull();
  });

  it("offers to send the guess again once its retries are spent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let offline = true;
    serve((name) => {
      if (offline) throw new TypeError("Failed to fetch");
      return accepted(name);
    });
    const { user, field } = await openGame();
    await user.type(field, "Pichu{Enter}");
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(ENGLISH.networkError));

    offline = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    const table = await screen.findByRole("table", { name: "Your guesses" });
    expect(within(table).getByRole("rowheader").textContent).toBe("1 Pichu");
  });
});
