// "/": today's puzzle and the player's state, from the API.
import type { PuzzlePayload } from "../../lib/api-types";
import { withLang } from "./api";
import { useIsland } from "./context";
import { PlayArea } from "./PlayArea";
import { PuzzleLoading } from "./PuzzleLoading";
import { useJson } from "./useJson";

export function TodayPage() {
  const { urls, lang, todayNumber } = useIsland();
  const fetched = useJson<PuzzlePayload>(withLang(urls.today, lang));
  const puzzle = fetched.data;
  if (!puzzle) return <PuzzleLoading number={todayNumber} state={fetched} />;
  return <PlayArea initial={puzzle} live />;
}
