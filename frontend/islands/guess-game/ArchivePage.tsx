// "/archive/": every past puzzle, newest first, each replayable as practice.
import { Link } from "react-router-dom";
import { format } from "../../lib/game";
import { useIsland } from "./context";
import { HeaderBar } from "./HeaderBar";

export function ArchivePage() {
  const { strings, urls, todayNumber, view, initial } = useIsland();
  // Loaded as the archive page, whose own <h1> and intro already say this; after a
  // client-side move from a puzzle page, the island says it itself.
  const pageSaysIt = view === "archive" && initial === null;
  const numbers = Array.from({ length: Math.max(0, todayNumber - 1) }, (_, i) => todayNumber - 1 - i);
  return (
    <div className="gg-archive">
      <HeaderBar title={strings.archive} hideTitle={pageSaysIt} />
      {!pageSaysIt && <p className="gg-archive__intro">{strings.archiveIntro}</p>}
      <ul className="gg-archive__list">
        {numbers.map((number) => (
          <li key={number}>
            <Link className="gg-archive__link" to={`/archive/${number}/`}>
              <span className="visually-hidden">{format(strings.playPuzzle, { number })}</span>
              <span aria-hidden="true">#{number}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <a className="button" href={urls.home}>
          {strings.backToToday}
        </a>
      </p>
    </div>
  );
}
