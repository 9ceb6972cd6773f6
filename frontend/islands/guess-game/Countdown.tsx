// Time left until the next daily puzzle, ticking every second. Not a live region:
// a timer must not chatter; readers find it when they look.
import { useEffect, useRef, useState } from "react";
import { formatRemaining, remaining } from "../../lib/countdown";
import { useIsland } from "./context";

type Props = { nextIso: string; onDone?: () => void };

export function Countdown({ nextIso, onDone }: Props) {
  const { strings } = useIsland();
  const [now, setNow] = useState(Date.now);
  const left = remaining(nextIso, now);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (left.done) {
      done.current?.();
      return;
    }
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left.done, nextIso]);

  return (
    <p className="gg-countdown">
      <span className="gg-countdown__label">
        {left.done ? strings.newPuzzleReady : strings.nextPuzzle}
      </span>
      <span className="gg-countdown__time" role="timer" dir="ltr">
        {formatRemaining(left)}
      </span>
    </p>
  );
}
