// A daily puzzle, then (after "Play another") endless practice rounds in its place.
// A round lives only on the server: this keeps its id and shows it like any game.
import { useState, type ReactNode } from "react";
import { practiceAsPuzzle, type PracticePayload, type PuzzlePayload } from "../../lib/game";
import { postJson, toApiError, withLang } from "./api";
import { useIsland } from "./context";
import { Game } from "./Game";

type Props = {
  initial: PuzzlePayload;
  live: boolean;
  nav?: ReactNode;
};

export function PlayArea({ initial, live, nav }: Props) {
  const { strings, urls, lang, csrfToken, hardMode } = useIsland();
  const [round, setRound] = useState<PracticePayload | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function playAnother(generations: number[]) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const body = { generations, hard_mode: hardMode };
      setRound(await postJson<PracticePayload>(withLang(urls.practice, lang), body, csrfToken));
    } catch (failure) {
      const problem = toApiError(failure);
      setError(problem.isNetwork ? strings.networkError : problem.message);
    } finally {
      setBusy(false);
    }
  }

  const another = { busy, error };
  if (round) {
    const back = (
      <nav className="gg-links" aria-label={strings.archive}>
        <a href={urls.home}>{strings.backToToday}</a>
      </nav>
    );
    return (
      <Game
        key={round.round}
        initial={practiceAsPuzzle(round)}
        live={false}
        nav={back}
        roundId={round.round}
        onPlayAnother={playAnother}
        another={another}
      />
    );
  }
  return <Game initial={initial} live={live} nav={nav} onPlayAnother={playAnother} another={another} />;
}
