// One game, daily or practice: the state machine (lib/play.ts) wired to the API
// and the UI. Nothing is optimistic: a guess changes the screen only once the server
// answered. Other tabs showing the same game follow along (BroadcastChannel, and a
// refetch when the tab comes back).
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type {
  GuessResponse,
  PracticeGuessResponse,
  PracticePayload,
  PuzzlePayload,
} from "../../lib/api-types";
import {
  initialPlay,
  playReducer,
  practiceAsPuzzle,
  type Notice,
  type PlayEvent,
} from "../../lib/play";
import { correctCount, format } from "../../lib/text";
import type { UiStrings } from "../../lib/strings";
import { getJson, postJson, toApiError, withLang } from "./api";
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
  /** A practice round's id: the game talks to /api/practice/{id}. */
  roundId?: string;
  /** "Play another": starts a practice round with these generations. */
  onPlayAnother: (generations: number[]) => void;
  /** The practice round is being started, or why it could not be. */
  another: { busy: boolean; error: string | null };
};

/** While the server's day has not turned yet (clocks differ), ask again this often. */
const RECHECK_MS = 15_000;
const RECHECKS = 8;
/** A tab coming back asks the server again at most this often. */
const REFETCH_MS = 2_000;
const CHANNEL = "pokeguess-game";

type Sync = { key: string; puzzle: PuzzlePayload };

/** The server's answer in the screen's shape (practice rounds have no number). */
function shaped(body: PuzzlePayload | PracticePayload): PuzzlePayload {
  return "round" in body ? practiceAsPuzzle(body) : body;
}

export function Game({ initial, live, nav, roundId, onPlayAnother, another }: Props) {
  const { strings, urls, lang, openDialog, hardMode } = useIsland();
  const [play, dispatch] = useReducer(playReducer, initial, initialPlay);
  const [text, setText] = useState("");
  const [refusals, setRefusals] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const sending = useRef(false);
  const checkForNew = useRef<() => void>(() => {});
  const channel = useRef<BroadcastChannel | null>(null);
  const noticeId = useId();

  const { puzzle } = play;
  const { status, guesses, practice, answer, lifeline } = puzzle.state;
  const over = status !== "playing";
  const highlight = status === "won" && !practice ? guesses.length : null;
  const self = roundId ? `${urls.practice}/${roundId}` : `${urls.puzzle}${puzzle.number}`;
  const syncKey = roundId ? `practice:${roundId}` : `puzzle:${puzzle.number}`;
  const guessedNames = guesses.map((row) => row.name);

  function share(fresh: PuzzlePayload) {
    channel.current?.postMessage({ key: syncKey, puzzle: fresh } satisfies Sync);
  }

  async function submit(name: string) {
    if (sending.current || over) return;
    sending.current = true;
    dispatch({ type: "send" });
    try {
      // The mode is chosen with a game's first guess and kept by the server. The attempt
      // it was typed for lets the server tell a retry (the answer was lost on the
      // network) from a new guess, so retrying never spends a second attempt.
      const body = { name, hard_mode: hardMode, attempt: guesses.length };
      const response = await postJson<GuessResponse | PracticeGuessResponse>(
        withLang(`${self}/guesses`, lang),
        body,
        true,
      );
      const payload = { ...shaped(response), guess: response.guess };
      dispatch({ type: "guessed", payload });
      share(payload);
      setText("");
    } catch (error) {
      const notice = noticeOf(error);
      dispatch({ type: "failed", notice });
      setRefusals((n) => n + 1);
      // Finished or guessed in another tab: show the real state.
      if (notice.code === "game_over" || notice.code === "duplicate_guess") refetch();
    } finally {
      sending.current = false;
    }
  }

  const refetch = useCallback(() => {
    getJson<PuzzlePayload | PracticePayload>(withLang(self, lang)).then(
      (fresh) => dispatch({ type: "synced", puzzle: shaped(fresh) }),
      () => {},
    );
  }, [self, lang]);

  async function takeLifeline() {
    try {
      const fresh = shaped(
        await postJson<PuzzlePayload | PracticePayload>(
          withLang(`${self}/lifeline`, lang),
          {},
          true, // taking it twice shows the same letter
        ),
      );
      dispatch({ type: "synced", puzzle: fresh });
      share(fresh);
    } catch (error) {
      dispatch({ type: "failed", notice: noticeOf(error) });
    }
  }

  /** A failed request as the notice beside the input (only an unknown name suggests). */
  function noticeOf(error: unknown): Notice {
    const failure = toApiError(error);
    return {
      code: failure.code,
      message: failure.isNetwork ? strings.networkError : failure.message,
      suggestions: failure.code === "unknown_pokemon" ? failure.suggestions : [],
    };
  }

  function applySuggestion(name: string) {
    setText(name);
    dispatch({ type: "dismiss" });
    inputRef.current?.focus();
  }

  // Another tab guessed: follow it at once, and ask the server when this tab returns.
  useEffect(() => {
    const bus = "BroadcastChannel" in window ? new BroadcastChannel(CHANNEL) : null;
    channel.current = bus;
    if (bus) {
      bus.onmessage = (event: MessageEvent<Sync>) => {
        if (event.data?.key === syncKey) dispatch({ type: "synced", puzzle: event.data.puzzle });
      };
    }
    let last = Date.now();
    const back = () => {
      if (document.visibilityState !== "visible" || Date.now() - last < REFETCH_MS) return;
      last = Date.now();
      refetch();
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      bus?.close();
      channel.current = null;
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, [syncKey, refetch]); // one channel per game (refetch changes with it)

  // Ready to play on a desktop: the cursor is in the field (unless the player already
  // moved focus somewhere). A new practice round is scrolled into view first.
  const whenShown = useEffectEvent(() => {
    if (roundId) rootRef.current?.scrollIntoView({ block: "start" });
    if (over) return;
    const desktop = window.matchMedia("(hover: hover) and (pointer: fine)").matches;
    const idle = !document.activeElement || document.activeElement === document.body;
    if (desktop && (idle || roundId)) inputRef.current?.focus({ preventScroll: true });
    else if (roundId) rootRef.current?.querySelector<HTMLElement>("[data-route-heading]")?.focus();
  });
  useEffect(() => whenShown(), []); // only when the game first shows

  // Links to the game ("Start playing", "Play now") put the cursor in the field.
  useEffect(() => {
    if (!live) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href="#game-area"]');
      const field = inputRef.current;
      // The link still scrolls (smoothly) to the game; the cursor goes to the field once
      // the fragment navigation (which resets focus) is done.
      if (link && field) window.setTimeout(() => field.focus({ preventScroll: true }));
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [live]);

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
      if (document.visibilityState === "visible" && Date.now() >= Date.parse(puzzle.next_puzzle_at))
        check();
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

  const title = roundId
    ? strings.practiceTitle
    : format(strings.puzzleNumber, { number: puzzle.number });
  return (
    <div className={`gg-game${over ? " gg-game--over" : ""}`} ref={rootRef}>
      <HeaderBar title={title} highlight={highlight} />
      {nav}
      {play.waiting && (
        <div className="gg-banner">
          <p>{strings.newPuzzleReady}</p>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => dispatch({ type: "playNew" })}
          >
            {strings.playNew}
          </button>
        </div>
      )}
      {practice && (
        <p className="gg-callout gg-callout--practice">
          {roundId ? strings.practiceIntro : strings.practiceNote}
        </p>
      )}
      <div className="gg-board">
        <Silhouette
          src={puzzle.silhouette_url}
          answer={over ? (answer ?? undefined) : undefined}
          pop={play.endedHere}
        />
        <div className="gg-board__side">
          <div className="gg-status">
            <AttemptCounter used={guesses.length} total={puzzle.attempts_allowed} status={status} />
            {puzzle.state.hard_mode && (
              <span className="gg-badge">
                <span aria-hidden="true">★ </span>
                {strings.hardMode}
              </span>
            )}
          </div>
          {!over && (
            <>
              <GuessInput
                value={text}
                onChange={setText}
                onSubmit={(name) => void submit(name)}
                busy={play.sending}
                describedBy={play.notice ? noticeId : undefined}
                inputRef={inputRef}
                guessed={guessedNames}
                refusals={refusals}
              />
              {play.notice && (
                <GuessNotice
                  id={noticeId}
                  notice={play.notice}
                  onSuggestion={applySuggestion}
                  onRetry={() => void submit(text)}
                />
              )}
              {lifeline ? (
                <p className="gg-callout gg-lifeline">
                  {format(strings.lifelineLetter, { letter: lifeline })}
                </p>
              ) : (
                puzzle.state.lifeline_offered && (
                  <p>
                    <button
                      type="button"
                      className="button button--small gg-lifeline__offer"
                      onClick={() => void takeLifeline()}
                    >
                      {strings.lifelineOffer}
                    </button>
                  </p>
                )
              )}
            </>
          )}
        </div>
      </div>
      {over && (
        <EndPanel
          puzzle={puzzle}
          practiceRound={Boolean(roundId)}
          focusOnMount={play.endedHere}
          onStats={() => openDialog({ kind: "stats", highlight })}
          onCountdownDone={live ? () => checkForNew.current() : undefined}
          onPlayAnother={onPlayAnother}
          another={another}
        />
      )}
      <GuessRows rows={guesses} fresh={play.fresh} />
      <LiveRegion id={play.eventId} {...announcement(play.event, strings)} />
    </div>
  );
}

function announcement(event: PlayEvent | null, strings: UiStrings) {
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
