// "/archive/:number/": a past puzzle played as practice.
import { Link, useParams } from "react-router-dom";
import type { PuzzlePayload } from "../../lib/api-types";
import { withLang } from "./api";
import { useIsland } from "./context";
import { PlayArea } from "./PlayArea";
import { HeaderBar } from "./HeaderBar";
import { PuzzleLoading } from "./PuzzleLoading";
import { useJson } from "./useJson";

export function ArchivePuzzlePage() {
  const { urls, lang, strings } = useIsland();
  const param = useParams().number ?? "";
  const number = /^\d+$/.test(param) ? Number(param) : null;
  const url = number !== null ? withLang(`${urls.puzzle}${number}`, lang) : null;
  const fetched = useJson<PuzzlePayload>(url);
  const puzzle = fetched.data;

  const links = (
    <nav className="gg-links" aria-label={strings.archive}>
      <Link to="/archive/">{strings.backToArchive}</Link>
      <a href={urls.home}>{strings.backToToday}</a>
    </nav>
  );
  if (number === null) {
    return (
      <div className="gg-game">
        <HeaderBar title={strings.archive} />
        {links}
      </div>
    );
  }
  if (!puzzle) {
    return (
      <>
        <PuzzleLoading number={number} state={fetched} />
        {fetched.error && links}
      </>
    );
  }
  return <PlayArea key={puzzle.number} initial={puzzle} live={false} nav={links} />;
}
