// "/": today's puzzle, from the props or (after a client-side navigation) the API.
import type { PuzzlePayload } from "../../lib/game";
import { withLang } from "./api";
import { useIsland } from "./context";
import { PlayArea } from "./PlayArea";
import { PuzzleLoading } from "./PuzzleLoading";
import { useJson } from "./useJson";

export function TodayPage() {
  const { view, initial, urls, lang, todayNumber } = useIsland();
  const given = view === "today" ? initial : null;
  const fetched = useJson<PuzzlePayload>(given ? null : withLang(urls.today, lang));
  const puzzle = given ?? fetched.data;
  if (!puzzle) return <PuzzleLoading number={todayNumber} state={fetched} />;
  return <PlayArea initial={puzzle} live />;
}
