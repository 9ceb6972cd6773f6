// A message with its names in <bdi>, from the isolation marks around them
// (lib/text.ts isolatedRuns): the page shows a name in its own direction, and the
// text and accessible name carry no invisible marks.
import { isolatedRuns } from "../../lib/text";

export function Isolated({ text }: { text: string }) {
  return (
    <>
      {isolatedRuns(text).map((run, i) =>
        run.isolated ? <bdi key={i}>{run.text}</bdi> : run.text,
      )}
    </>
  );
}
