// The end of a game: won/lost, share, statistics, countdown, and how everyone did.
import { useEffect, useId, useRef, useState } from "react";
import { format, type PuzzlePayload } from "../../lib/game";
import { shareText } from "../../lib/share";
import { useIsland } from "./context";
import { Countdown } from "./Countdown";
import { Results } from "./Results";

type Props = {
  puzzle: PuzzlePayload;
  /** The game ended just now: move focus to the heading. */
  focusOnMount: boolean;
  onStats: () => void;
  onCountdownDone?: () => void;
};

type Shared = "idle" | "copied" | "failed";

export function EndPanel({ puzzle, focusOnMount, onStats, onCountdownDone }: Props) {
  const { strings, urls } = useIsland();
  const [shared, setShared] = useState<Shared>("idle");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const textareaId = useId();

  const { status, guesses, answer, practice } = puzzle.state;
  const won = status === "won";
  const text = shareText({
    title: strings.shareTitle,
    number: puzzle.number,
    status: won ? "won" : "lost",
    guesses,
    attempts: puzzle.attempts_allowed,
    url: urls.site,
  });

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  useEffect(() => {
    if (shared === "failed") textareaRef.current?.select();
  }, [shared]);

  async function share() {
    // The share sheet on phones and tablets; the clipboard elsewhere.
    if ("share" in navigator && window.matchMedia("(pointer: coarse)").matches) {
      try {
        await navigator.share({ text });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return; // cancelled
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      setShared("copied");
    } catch {
      setShared("failed");
    }
  }

  return (
    <section className={`gg-end gg-end--${status}`} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} className="gg-end__title" tabIndex={-1}>
        {format(won ? strings.won : strings.lost, { name: answer?.name ?? "" })}
      </h3>
      <div className="button-row gg-end__actions">
        <button type="button" className="button button--primary" onClick={share}>
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {strings.share}
        </button>
        <button type="button" className="button" aria-haspopup="dialog" onClick={onStats}>
          {strings.statistics}
        </button>
      </div>
      <p className="gg-end__status" role="status">
        {shared === "copied" ? strings.copied : ""}
      </p>
      {shared === "failed" && (
        <div className="gg-sharebox">
          <label htmlFor={textareaId}>{strings.shareFailed}</label>
          <textarea
            id={textareaId}
            ref={textareaRef}
            readOnly
            value={text}
            rows={guesses.length + 3}
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
      <Countdown nextIso={puzzle.next_puzzle_at} onDone={onCountdownDone} />
      <Results number={puzzle.number} highlight={won && !practice ? guesses.length : null} />
    </section>
  );
}
