// One puzzle: the state machine (lib/game playReducer) wired to the API and the UI.
// Nothing is optimistic: a guess changes the screen only once the server answered.
import { useEffect, useId, useReducer, useRef, useState, type ReactNode } from "react";
import {
  correctCount,
  format,
  initialPlay,
  playReducer,
  type Notice,
  type PlayEvent,
  type PuzzlePayload,
} from "../../lib/game";
import { getJson, postGuess, toApiError, withLang } from "./api";
import { AttemptCounter } from "./AttemptCounter";
import { useIsland } from "./context";
import { EndPanel } from "./EndPanel";
import { GuessInput } from "./GuessInput";
import { GuessNotice } from "./GuessNotice";
import { GuessRows } from "./GuessRows";
import { HeaderBar } from "./HeaderBar";
import { LiveRegion } from "./LiveRegion";
import { Silhouette } from "./Silhouette";

type Props = {
  initial: PuzzlePayload;
  /** Today's view: watches for the next daily puzzle. */
  live: boolean;
  /** Links shown under the header bar (archive navigation). */
  nav?: ReactNode;
};

/** While the server's day has not turned yet (clocks differ), ask again this often. */
const RECHECK_MS = 15_000;
const RECHECKS = 8;

export function Game({ initial, live, nav }: Props) {
  const { strings, urls, lang, openDialog } = useIsland();
  const [play, dispatch] = useReducer(playReducer, initial, initialPlay);
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const sending = useRef(false);
  const checkForNew = useRef<() => void>(() => {});
  const noticeId = useId();

  const { puzzle } = play;
  const { status, guesses, practice, answer } = puzzle.state;
  const over = status !== "playing";
  const highlight = status === "won" && !practice ? guesses.length : null;
  const puzzleUrl = `${urls.puzzle}${puzzle.number}`;

  async function submit(name: string) {
    if (sending.current || over) return;
    sending.current = true;
    dispatch({ type: "send" });
    try {
      const payload = await postGuess(withLang(`${puzzleUrl}/guesses`, lang), name);
      dispatch({ type: "guessed", payload });
      setText("");
    } catch (error) {
      const failure = toApiError(error);
      const notice: Notice = {
        code: failure.code,
        message: failure.isNetwork ? strings.networkError : failure.message,
        suggestions: failure.code === "unknown_pokemon" ? failure.suggestions : [],
      };
      dispatch({ type: "failed", notice });
      // Finished in another tab: show the real state.
      if (failure.code === "game_over") {
        getJson<PuzzlePayload>(withLang(puzzleUrl, lang)).then(
          (fresh) => dispatch({ type: "synced", puzzle: fresh }),
          () => {},
        );
      }
    } finally {
      sending.current = false;
    }
  }

  function applySuggestion(name: string) {
    setText(name);
    dispatch({ type: "dismiss" });
    inputRef.current?.focus();
  }

  // Today's view follows the daily rollover: when the countdown ends, or when the tab
  // becomes visible again after the next puzzle's time, ask for today's puzzle.
  useEffect(() => {
    if (!live) return;
    let timer = 0;
    let tries = 0;
    let stopped = false;
    const check = () => {
      window.clearTimeout(timer);
      getJson<PuzzlePayload>(withLang(urls.today, lang)).then(
        (today) => {
          if (stopped) return;
          if (today.number !== puzzle.number) dispatch({ type: "newPuzzle", puzzle: today });
          else if (tries++ < RECHECKS) timer = window.setTimeout(check, RECHECK_MS);
        },
        () => {}, // offline: the next visibility change tries again
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible" && Date.now() >= Date.parse(puzzle.next_puzzle_at)) check();
    };
    checkForNew.current = check;
    document.addEventListener("visibilitychange", onVisibility);
    onVisibility(); // already past the next puzzle's time (e.g. a page kept from before midnight)
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      checkForNew.current = () => {};
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [live, puzzle.number, puzzle.next_puzzle_at, urls.today, lang]);

  // A new puzzle replaced the old one: if the focused control went away, start over
  // from the heading.
  const shownNumber = useRef(puzzle.number);
  useEffect(() => {
    if (shownNumber.current === puzzle.number) return;
    shownNumber.current = puzzle.number;
    if (!document.activeElement || document.activeElement === document.body) {
      rootRef.current?.querySelector<HTMLElement>("[data-route-heading]")?.focus();
    }
  }, [puzzle.number]);

  return (
    <div className="gg-game" ref={rootRef}>
      <HeaderBar title={format(strings.puzzleNumber, { number: puzzle.number })} highlight={highlight} />
      {nav}
      {play.waiting && (
        <div className="gg-banner">
          <p>{strings.newPuzzleReady}</p>
          <button type="button" className="button button--primary button--small" onClick={() => dispatch({ type: "playNew" })}>
            {strings.playNew}
          </button>
        </div>
      )}
      {practice && <p className="gg-callout gg-callout--practice">{strings.practiceNote}</p>}
      <Silhouette src={puzzle.silhouette_url} answer={over ? answer : undefined} pop={play.endedHere} />
      <AttemptCounter used={guesses.length} total={puzzle.attempts_allowed} status={status} />
      {over ? (
        <EndPanel
          puzzle={puzzle}
          focusOnMount={play.endedHere}
          onStats={() => openDialog({ kind: "stats", highlight })}
          onCountdownDone={live ? () => checkForNew.current() : undefined}
        />
      ) : (
        <>
          <GuessInput
            value={text}
            onChange={setText}
            onSubmit={submit}
            busy={play.sending}
            describedBy={play.notice ? noticeId : undefined}
            inputRef={inputRef}
          />
          {play.notice && (
            <GuessNotice
              id={noticeId}
              notice={play.notice}
              onSuggestion={applySuggestion}
              onRetry={() => submit(text)}
            />
          )}
        </>
      )}
      <GuessRows rows={guesses} fresh={play.fresh} />
      <LiveRegion id={play.eventId} {...announcement(play.event, strings)} />
    </div>
  );
}

function announcement(event: PlayEvent | null, strings: Record<string, string>) {
  switch (event?.kind) {
    case "guess":
      return {
        polite: format(strings.announceGuess, {
          name: event.row.name,
          correct: correctCount(event.row),
          total: event.row.hints.length,
        }),
        alert: "",
      };
    case "newPuzzle":
      return { polite: strings.newPuzzleReady, alert: "" };
    case "error":
      return { polite: "", alert: event.notice.message };
    default:
      return { polite: "", alert: "" };
  }
}
