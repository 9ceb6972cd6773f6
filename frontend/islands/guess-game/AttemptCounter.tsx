// "Guess n of 6" and six pips: used, current, still free.
import type { GameStatus } from "../../lib/api-types";
import { format } from "../../lib/text";
import { useIsland } from "./context";

type Props = { used: number; total: number; status: GameStatus };

export function AttemptCounter({ used, total, status }: Props) {
  const { strings } = useIsland();
  // While playing, n is the guess about to be made; at the end, the guesses made.
  const shown = status === "playing" ? Math.min(used + 1, total) : used;
  return (
    <div className="gg-attempts">
      <p className="gg-attempts__text">{format(strings.attempts, { used: shown, total })}</p>
      <span className="gg-pips" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={`gg-pip ${pipState(i, used, status)}`} />
        ))}
      </span>
    </div>
  );
}

function pipState(i: number, used: number, status: GameStatus): string {
  if (i === used - 1 && status === "won") return "gg-pip--won";
  if (i < used) return "gg-pip--used";
  if (i === used && status === "playing") return "gg-pip--current";
  return "gg-pip--free";
}
