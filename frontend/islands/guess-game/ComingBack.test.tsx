// @vitest-environment jsdom
// What brings a player back: the end of today's game (streak, yesterday's puzzle, the
// week's missed days, today's leaderboard) and the warning late in the day when a streak is at risk.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PuzzlePayload } from "../../lib/api-types";
import type { UiStrings } from "../../lib/strings";
import type { IslandProps } from "./context";
import { Layout } from "./Layout";
import { TodayPage } from "./TodayPage";

const ENGLISH: Partial<Record<string, string>> = {
  currentStreak: "Current streak",
  yesterdayWas: "Yesterday's Pokémon was {name}.",
  missedYesterday: "You missed yesterday's puzzle: play #{number} in the archive",
  catchUp: "Catch up on this week's missed puzzles in the archive",
  streakAtRisk: "Your streak is at risk",
};
const strings = new Proxy(ENGLISH, {
  get: (english, key: string) => english[key] ?? key,
}) as UiStrings;

const props = {
  lang: "en",
  basename: "/",
  view: "today",
  todayNumber: 10,
  launchDate: "2026-11-01",
  puzzleNumber: 10,
  silhouetteUrl: null,
  urls: {
    today: "/api/today",
    puzzle: "/api/puzzle/",
    names: "/api/names",
    stats: "/api/stats",
    archive: "/api/archive",
    home: "/",
  },
  strings,
  plurals: {},
} as unknown as IslandProps;

const HOUR = 3_600_000;
const state: PuzzlePayload["state"] = {
  status: "playing",
  guesses: [],
  practice: false,
  hard_mode: false,
  lifeline: null,
  lifeline_offered: false,
};

function serve(today: PuzzlePayload, played: Record<string, string> = {}) {
  const asked: string[] = [];
  const bodies: Record<string, unknown> = {
    "/api/today": today,
    "/api/stats": { current_streak: 3 },
    "/api/archive": { played },
    "/api/puzzle/10/results": { players: 0, wins: 0, win_percent: 0, distribution: [0] },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      const path = url.split("?")[0] ?? url;
      asked.push(path);
      return Promise.resolve(new Response(JSON.stringify(bodies[path] ?? {}), { status: 200 }));
    }),
  );
  return asked;
}

function puzzle(overrides: Partial<PuzzlePayload["state"]>, hoursLeft = 20): PuzzlePayload {
  return {
    number: 10,
    date: "2026-11-10",
    is_today: true,
    attempts_allowed: 6,
    silhouette_url: "/api/puzzle/10/silhouette.png",
    next_puzzle_at: new Date(Date.now() + hoursLeft * HOUR).toISOString(),
    state: { ...state, ...overrides },
  };
}

const lost = { status: "lost" as const, answer: { name: "Pikachu" } as never };

function open() {
  render(
    <Layout props={props}>
      <TodayPage />
    </Layout>,
  );
}

describe("coming back", () => {
  beforeEach(() => {
    vi.stubGlobal("matchMedia", (media: string) => ({ media, matches: false }));
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("leads the end of today's game with the streak and yesterday's answer", async () => {
    const played = Object.fromEntries([3, 4, 5, 6, 7, 8, 9].map((n) => [String(n), "won"]));
    serve(puzzle({ ...lost, yesterday: { number: 9, name: "Bulbasaur" } }), played);
    open();
    const said = (_: string, element: Element | null) =>
      element?.tagName === "P" && element.textContent === "Yesterday's Pokémon was Bulbasaur.";
    expect(await screen.findByText(said)).toBeTruthy();
    const streak = screen.getByText("Current streak").nextElementSibling;
    await vi.waitFor(() => expect(streak?.textContent).toBe("3"));
    expect(screen.queryByText(/missed/)).toBeNull(); // nothing missed this week
    const board = screen.getByRole("link", { name: "leaderboard" });
    expect(board.getAttribute("href")).toBe("/boards/");
  });

  it("leads to yesterday's puzzle, unspoiled, and to the week's other missed days", async () => {
    serve(puzzle({ ...lost, yesterday: { number: 9, name: null } }), { "8": "won" });
    open();
    const yesterday = await screen.findByRole("link", { name: /play #9 in the archive/ });
    expect(yesterday.getAttribute("href")).toBe("/archive/9/");
    const week = await screen.findByRole("link", { name: /this week's missed puzzles/ });
    expect(week.getAttribute("href")).toBe("/archive/");
    expect(screen.queryByText(/Yesterday's Pokémon was/)).toBeNull();
  });

  it("warns late in the day that an unplayed day ends the streak", async () => {
    serve(puzzle({}, 2));
    open();
    expect(await screen.findByText("Your streak is at risk")).toBeTruthy();
  });

  it("asks nothing about the streak earlier in the day", async () => {
    const asked = serve(puzzle({}, 10));
    open();
    await screen.findByRole("img", { name: "silhouetteAlt" });
    expect(asked).not.toContain("/api/stats");
    expect(screen.queryByText("Your streak is at risk")).toBeNull();
  });
});
