// "/": today's puzzle and the player's state, from the API.
import { useState } from "react";
import type { PuzzlePayload, Stats } from "../../lib/api-types";
import { remaining } from "../../lib/countdown";
import { withLang } from "./api";
import { useIsland } from "./context";
import { PlayArea } from "./PlayArea";
import { PuzzleLoading } from "./PuzzleLoading";
import { useJson } from "./useJson";

/** Hours before the next puzzle from which an unplayed day puts a streak at risk. */
export const AT_RISK_HOURS = 4;

export function TodayPage() {
  const { urls, lang, todayNumber, strings } = useIsland();
  const fetched = useJson<PuzzlePayload>(withLang(urls.today, lang));
  const puzzle = fetched.data;
  const [openedAt] = useState(Date.now);
  // Late in the day, by the player's own clock, with today not started: is there a
  // streak to lose? (Asked only then, so most visits cost no extra request.)
  const late =
    puzzle !== undefined &&
    puzzle.state.status === "playing" &&
    puzzle.state.guesses.length === 0 &&
    remaining(puzzle.next_puzzle_at, openedAt).hours < AT_RISK_HOURS;
  const streak = useJson<Stats>(late ? withLang(urls.stats, lang) : null).data?.current_streak;
  if (!puzzle) return <PuzzleLoading number={todayNumber} state={fetched} />;
  return (
    <>
      {late && (streak ?? 0) > 0 && (
        <p className="gg-notice" role="status">
          {strings.streakAtRisk}
        </p>
      )}
      <PlayArea initial={puzzle} live />
    </>
  );
}
