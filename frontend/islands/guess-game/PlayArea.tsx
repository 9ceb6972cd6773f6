// A daily puzzle, then (after "Play another") endless practice rounds in its place.
// A round lives only on the server: this keeps its id and shows it like any game.
import { useEffect, useState, type ReactNode } from "react";
import type { PracticePayload, PuzzlePayload } from "../../lib/api-types";
import { practiceAsPuzzle } from "../../lib/play";
import { currentRound, setCurrentRound } from "../../lib/storage";
import { getJson, postJson, toApiError, withLang } from "./api";
import { useIsland } from "./context";
import { Game } from "./Game";

type Props = {
  initial: PuzzlePayload;
  live: boolean;
  nav?: ReactNode;
};

export function PlayArea({ initial, live, nav }: Props) {
  const { strings, urls, lang, hardMode } = useIsland();
  const [round, setRound] = useState<PracticePayload | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A reload during a practice round brings the round back (this tab only).
  useEffect(() => {
    const id = currentRound();
    if (!id || !live) return;
    let stopped = false;
    getJson<PracticePayload>(withLang(`${urls.practice}/${id}`, lang)).then(
      (saved) => {
        if (!stopped && saved.state.status === "playing") setRound(saved);
        else setCurrentRound(null);
      },
      () => setCurrentRound(null),
    );
    return () => {
      stopped = true;
    };
  }, [live, urls.practice, lang]);

  function show(next: PracticePayload | null) {
    setCurrentRound(next ? next.round : null);
    setRound(next);
  }

  async function playAnother(generations: number[]) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const body = { generations, hard_mode: hardMode };
      show(await postJson<PracticePayload>(withLang(urls.practice, lang), body));
    } catch (failure) {
      const problem = toApiError(failure);
      setError(problem.isNetwork ? strings.networkError : problem.message);
    } finally {
      setBusy(false);
    }
  }

  // playAnother handles its own failures: the handlers need not wait for it.
  const startAnother = (generations: number[]) => void playAnother(generations);
  const another = { busy, error };
  if (round) {
    // Back to the puzzle the round was started from, or to the archive's list.
    const back = (
      <nav className="gg-links" aria-label={strings.archive}>
        {live ? (
          <button type="button" className="gg-linkbutton" onClick={() => show(null)}>
            {strings.backToToday}
          </button>
        ) : (
          <a href={`${urls.home}archive/`} onClick={() => setCurrentRound(null)}>
            {strings.backToArchive}
          </a>
        )}
      </nav>
    );
    return (
      <Game
        key={round.round}
        initial={practiceAsPuzzle(round)}
        live={false}
        nav={back}
        roundId={round.round}
        onPlayAnother={startAnother}
        another={another}
      />
    );
  }
  return (
    <Game initial={initial} live={live} nav={nav} onPlayAnother={startAnother} another={another} />
  );
}
