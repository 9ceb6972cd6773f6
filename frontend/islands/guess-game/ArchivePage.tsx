// "/archive/": every past puzzle, newest first, each replayable as practice, with its
// date and how this player did on it.
import { Link } from "react-router-dom";
import type { ArchiveProgress, GameStatus } from "../../lib/api-types";
import { puzzleDate } from "../../lib/archive";
import { format } from "../../lib/text";
import { useIsland } from "./context";
import { HeaderBar } from "./HeaderBar";
import { useJson } from "./useJson";

const MARKS: Record<GameStatus, string> = { won: "✓", lost: "✗", playing: "…" };

export function ArchivePage() {
  const { strings, urls, todayNumber, view, puzzleNumber, launchDate, lang } = useIsland();
  // The player's progress comes from the API (the page is the same for everyone).
  const played = useJson<ArchiveProgress>(urls.archive).data?.played ?? {};
  // Loaded as the archive page, whose own <h1> and intro already say this; after a
  // client-side move from a puzzle page, the island says it itself.
  const pageSaysIt = view === "archive" && puzzleNumber === null;
  const numbers = Array.from(
    { length: Math.max(0, todayNumber - 1) },
    (_, i) => todayNumber - 1 - i,
  );
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  const words: Record<GameStatus, string> = {
    won: strings.statusWon,
    lost: strings.statusLost,
    playing: strings.statusPlaying,
  };
  const statusText = (status: GameStatus | undefined) =>
    status === undefined ? strings.statusNew : words[status];
  return (
    <div className="gg-archive">
      <HeaderBar title={strings.archive} hideTitle={pageSaysIt} />
      {!pageSaysIt && <p className="gg-archive__intro">{strings.archiveIntro}</p>}
      <ul className="gg-archive__list">
        {numbers.map((number) => {
          const status = played[String(number)];
          const day = puzzleDate(number, launchDate);
          return (
            <li key={number}>
              <Link
                className={`gg-archive__link${status ? ` gg-archive__link--${status}` : ""}`}
                to={`/archive/${number}/`}
              >
                <span className="gg-archive__number">
                  <span className="visually-hidden">{format(strings.playPuzzle, { number })}</span>
                  <span aria-hidden="true">{format(strings.numberSign, { number })}</span>
                </span>
                <time className="gg-archive__date" dateTime={day}>
                  {dates.format(new Date(`${day}T00:00:00Z`))}
                </time>
                <span className="gg-archive__status">
                  {status && <span aria-hidden="true">{MARKS[status]} </span>}
                  {statusText(status)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p>
        <a className="button" href={urls.home}>
          {strings.backToToday}
        </a>
      </p>
    </div>
  );
}
