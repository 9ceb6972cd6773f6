// The player's statistics, fetched afresh each time the dialog opens (the dialog mounts
// its content only while open).
import { useState } from "react";
import type { PracticeStats, Stats } from "../../lib/api-types";
import { deleteResource, toApiError, withLang } from "./api";
import { useIsland } from "./context";
import { Figures, type Figure } from "./Figures";
import { Dialog } from "./Dialog";
import { Distribution } from "./Distribution";
import { FetchError } from "./FetchError";
import { useJson } from "./useJson";

type Props = { open: boolean; highlight: number | null; onClose: () => void };

export function StatsDialog({ open, highlight, onClose }: Props) {
  const { strings } = useIsland();
  return (
    <Dialog open={open} title={strings.statistics} onClose={onClose}>
      <StatsBody highlight={highlight} />
    </Dialog>
  );
}

function StatsBody({ highlight }: { highlight: number | null }) {
  const { strings, urls, lang } = useIsland();
  const { data, error, loading, retry } = useJson<Stats>(withLang(urls.stats, lang));
  if (error) return <FetchError error={error} onRetry={retry} />;

  const figures: Figure[] = [
    [strings.played, data?.played],
    [strings.winPercent, data && Math.round(data.win_percent)],
    [strings.currentStreak, data?.current_streak],
    [strings.maxStreak, data?.max_streak],
  ];
  return (
    <div aria-busy={loading}>
      {data?.streak_broken && <p className="gg-callout">{strings.streakBroken}</p>}
      <Figures figures={figures} />
      <h3 className="gg-subheading">{strings.distribution}</h3>
      <Distribution counts={data?.distribution ?? [0, 0, 0, 0, 0, 0]} highlight={highlight} />
      <PracticeBody />
      <EraseData />
    </div>
  );
}

type Erasing = "idle" | "confirm" | "busy" | "failed";

/** The privacy page's promise: every game, statistic and the player cookie, at once. */
function EraseData() {
  const { strings, urls, lang } = useIsland();
  const [step, setStep] = useState<Erasing>("idle");
  const [message, setMessage] = useState("");
  const erase = async () => {
    setStep("busy");
    try {
      await deleteResource(withLang(urls.player, lang));
      // Everything on screen came from the erased player: start afresh.
      window.location.reload();
    } catch (error) {
      const failure = toApiError(error);
      setMessage(failure.isNetwork ? strings.networkError : failure.message);
      setStep("failed");
    }
  };
  if (step === "idle") {
    return (
      <p className="gg-erase">
        <a href={`${urls.home}transfer/`}>{strings.transferLink}</a>
        {" · "}
        <button type="button" className="gg-linkbutton" onClick={() => setStep("confirm")}>
          {strings.eraseData}
        </button>
      </p>
    );
  }
  return (
    <div className="gg-erase" role="group" aria-label={strings.eraseData}>
      <p>{step === "failed" ? message : strings.eraseConfirm}</p>
      <div className="gg-erase__actions">
        <button
          type="button"
          className="button"
          disabled={step === "busy"}
          onClick={() => void erase()}
        >
          {strings.eraseYes}
        </button>
        <button type="button" className="button" onClick={() => setStep("idle")}>
          {strings.eraseNo}
        </button>
      </div>
    </div>
  );
}

/** Practice rounds keep their own figures, shown once the player has played one. */
function PracticeBody() {
  const { strings, urls, lang } = useIsland();
  const { data } = useJson<PracticeStats>(withLang(urls.practiceStats, lang));
  if (!data || data.played === 0) return null;
  const figures: Figure[] = [
    [strings.played, data.played],
    [strings.statusWon, data.won],
    [strings.bestRun, data.best_run],
  ];
  return (
    <>
      <h3 className="gg-subheading">{strings.practiceStats}</h3>
      <Figures figures={figures} small />
    </>
  );
}
