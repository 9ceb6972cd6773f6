// The end of a game: won/lost, share, statistics, countdown, how everyone did, and the
// ways to go on: "Play another" (a practice round, with a generation filter) and, in
// the archive, the next puzzle not played yet.
import { useEffect, useId, useRef, useState } from "react";
import type { ArchiveProgress, PracticeStats, PuzzlePayload, Stats } from "../../lib/api-types";
import { nextUnplayed } from "../../lib/archive";
import { resultPath, shareText } from "../../lib/share";
import { practiceGenerations, setPracticeGenerations } from "../../lib/storage";
import { format } from "../../lib/text";
import { withLang } from "./api";
import { useIsland } from "./context";
import { ComingBack } from "./ComingBack";
import { Figures, type Figure } from "./Figures";
import { Countdown } from "./Countdown";
import { Isolated } from "./Isolated";
import { Results } from "./Results";
import { useJson } from "./useJson";

type Props = {
  puzzle: PuzzlePayload;
  /** A practice round: no number, countdown or everyone's results. */
  practiceRound: boolean;
  /** The game ended just now: move focus to the heading. */
  focusOnMount: boolean;
  onStats: () => void;
  onCountdownDone?: () => void;
  onPlayAnother: (generations: number[]) => void;
  another: { busy: boolean; error: string | null };
};

type Shared = "idle" | "copied" | "failed";

const GENERATIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export function EndPanel({
  puzzle,
  practiceRound,
  focusOnMount,
  onStats,
  onCountdownDone,
  onPlayAnother,
  another,
}: Props) {
  const { strings, urls, lang, highContrast, todayNumber } = useIsland();
  const [shared, setShared] = useState<Shared>("idle");
  const [generations, setGenerations] = useState(practiceGenerations);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const textareaId = useId();

  const { status, guesses, answer, practice } = puzzle.state;
  const won = status === "won";
  const archived = !practiceRound && !puzzle.is_today;
  // The player's progress comes from the API (pages are the same for every visitor).
  const progress = useJson<ArchiveProgress>(archived ? urls.archive : null);
  const played = progress.data?.played;
  const next = archived && played ? nextUnplayed(puzzle.number, todayNumber, played) : null;
  // Today's streak for the share text; archive replays and practice have none.
  const stats = useJson<Stats>(
    !practiceRound && !archived && !practice ? withLang(urls.stats, lang) : null,
  );
  const text = shareText({
    title: practiceRound
      ? strings.sharePracticeTitle
      : archived
        ? strings.shareArchiveTitle
        : strings.shareTitle,
    streak: stats.data?.current_streak,
    number: puzzle.number,
    status: won ? "won" : "lost",
    guesses,
    attempts: puzzle.attempts_allowed,
    // Today's and archive games link to the sharer's grid; a practice round to the site.
    url:
      practiceRound || practice
        ? urls.site
        : `${urls.site}${resultPath(puzzle.number, won ? "won" : "lost", guesses)}`,
    highContrast,
    hardMode: puzzle.state.hard_mode,
    lifeline: Boolean(puzzle.state.lifeline),
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

  function toggle(generation: number, on: boolean) {
    const chosen = GENERATIONS.filter((g) => (g === generation ? on : generations.includes(g)));
    setGenerations(chosen);
    setPracticeGenerations(chosen);
  }

  return (
    <section className={`gg-end gg-end--${status}`} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} className="gg-end__title" tabIndex={-1}>
        <Isolated
          text={format(won ? strings.won : strings.lost, {
            name: `\u2068${answer?.name ?? ""}\u2069`,
          })}
        />
      </h3>
      {!practiceRound && !archived && !practice && (
        <ComingBack streak={stats.data?.current_streak} yesterday={puzzle.state.yesterday} />
      )}
      <div className="button-row gg-end__actions">
        <button type="button" className="button button--primary" onClick={() => void share()}>
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
        {!practiceRound && (
          <button type="button" className="button" aria-haspopup="dialog" onClick={onStats}>
            {strings.statistics}
          </button>
        )}
        {next !== null && (
          <a className="button" href={`${urls.home}archive/${next}/`}>
            {strings.nextUnplayed}
          </a>
        )}
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
      <div className="gg-another">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={another.busy}
          aria-describedby={another.error ? `${headingId}-another` : undefined}
          onClick={() => !another.busy && onPlayAnother(generations)}
        >
          {strings.playAnother}
        </button>
        <details className="gg-generations">
          <summary>
            {strings.generations}
            {generations.length > 0 && (
              <span className="gg-generations__chosen"> ({generations.join(", ")})</span>
            )}
          </summary>
          <fieldset>
            <legend className="visually-hidden">{strings.generations}</legend>
            <p className="gg-generations__help">{strings.generationsHelp}</p>
            <div className="gg-generations__list">
              {GENERATIONS.map((generation) => (
                <label key={generation} className="gg-generations__option">
                  <input
                    type="checkbox"
                    checked={generations.includes(generation)}
                    onChange={(event) => toggle(generation, event.target.checked)}
                  />
                  <span>{format(strings.generationShort, { number: generation })}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </details>
        {another.error && (
          <p className="gg-notice" id={`${headingId}-another`} role="alert">
            {another.error}
          </p>
        )}
      </div>
      {practiceRound ? (
        <PracticeFigures />
      ) : (
        <>
          <Countdown nextIso={puzzle.next_puzzle_at} onDone={onCountdownDone} />
          <Results number={puzzle.number} highlight={won && !practice ? guesses.length : null} />
        </>
      )}
    </section>
  );
}

/** The practice rounds' own small statistics. */
function PracticeFigures() {
  const { strings, urls, lang } = useIsland();
  const headingId = useId();
  const { data } = useJson<PracticeStats>(withLang(urls.practiceStats, lang));
  const figures: Figure[] = [
    [strings.played, data?.played],
    [strings.statusWon, data?.won],
    [strings.bestRun, data?.best_run],
  ];
  return (
    <section className="gg-results" aria-labelledby={headingId}>
      <h4 id={headingId} className="gg-subheading">
        {strings.practiceStats}
      </h4>
      <Figures figures={figures} small />
    </section>
  );
}
