// The end of today's game leads with what brings a player back: the streak, yesterday's
// puzzle (its answer only if they finished it, else the way to play it) and the days
// of this week they missed, all waiting in the archive, and today's leaderboard.
import type { ArchiveProgress, PuzzlePayload } from "../../lib/api-types";
import { missedSince } from "../../lib/archive";
import { format } from "../../lib/text";
import { useIsland } from "./context";
import { Figures } from "./Figures";
import { Isolated } from "./Isolated";
import { useJson } from "./useJson";

const WEEK = 7;

export function ComingBack({
  streak,
  yesterday,
}: {
  streak: number | undefined;
  yesterday: PuzzlePayload["state"]["yesterday"];
}) {
  const { strings, urls, todayNumber } = useIsland();
  const played = useJson<ArchiveProgress>(urls.archive).data?.played;
  const missed = played ? missedSince(todayNumber - WEEK, todayNumber, played) : [];
  const yesterdayOpen = yesterday && !yesterday.name;
  const others = missed.filter((n) => n !== yesterday?.number);
  return (
    <div className="gg-coming-back">
      <Figures figures={[[strings.currentStreak, streak]]} small />
      {yesterday?.name && (
        <p>
          <Isolated
            text={format(strings.yesterdayWas, { name: `\u2068${yesterday.name}\u2069` })}
          />
        </p>
      )}
      {yesterdayOpen && (
        <p>
          <a href={`${urls.home}archive/${yesterday.number}/`}>
            {format(strings.missedYesterday, { number: yesterday.number })}
          </a>
        </p>
      )}
      {others.length > 0 && (
        <p>
          <a href={`${urls.home}archive/`}>{strings.catchUp}</a>
        </p>
      )}
      <p>
        <a href={`${urls.home}boards/`}>{strings.leaderboard}</a>
      </p>
    </div>
  );
}
