// Screen-reader announcements. Both regions are in the page from the start (so they are
// registered before anything changes); a new `id` re-announces even an identical text.
// Read aloud only, so without the marks that isolate names on screen.
import { withoutIsolates } from "../../lib/text";

type Props = {
  id: number;
  /** Guess results and news, read when the reader is idle. */
  polite: string;
  /** Errors, read at once. */
  alert: string;
};

export function LiveRegion({ id, polite, alert }: Props) {
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {polite && <span key={id}>{withoutIsolates(polite)}</span>}
      </div>
      <div className="visually-hidden" role="alert" aria-atomic="true">
        {alert && <span key={id}>{withoutIsolates(alert)}</span>}
      </div>
    </>
  );
}
