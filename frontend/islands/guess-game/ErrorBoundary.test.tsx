// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./ErrorBoundary";

const strings = {
  crashed: "Something went wrong on our side. Please try again.",
  retry: "Try again",
};

let broken = false;

function Game() {
  if (broken) throw new Error("a rendering error");
  return <h2>Puzzle #5</h2>;
}

function renderGame() {
  return render(
    <ErrorBoundary strings={strings}>
      <Game />
    </ErrorBoundary>,
  );
}

describe("ErrorBoundary", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    broken = false;
    // React reports the caught error on the console too: keep the test output clean.
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the game while nothing fails", () => {
    renderGame();
    expect(screen.getByRole("heading", { name: "Puzzle #5" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the message and a Try again button instead of a game that failed", () => {
    broken = true;
    renderGame();
    expect(screen.getByRole("alert").textContent).toBe(strings.crashed);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Puzzle #5" })).toBeNull();
  });

  it("logs the error on the console", () => {
    broken = true;
    renderGame();
    expect(consoleError).toHaveBeenCalledWith(
      "guess-game: could not render",
      expect.objectContaining({ message: "a rendering error" }),
      expect.stringContaining("Game"),
    );
  });

  it("mounts the game again on Try again", async () => {
    broken = true;
    renderGame();
    broken = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByRole("heading", { name: "Puzzle #5" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
