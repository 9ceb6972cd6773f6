// How to play, with the legend of the hint icons.
import { RESULT_ICONS, type Result } from "../../lib/game";
import { useIsland } from "./context";
import { Dialog } from "./Dialog";

type Props = { open: boolean; onClose: () => void };

const LEGEND: Array<{ results: Result[]; text: string }> = [
  { results: ["correct"], text: "howToPlayCorrect" },
  { results: ["present"], text: "howToPlayPresent" },
  { results: ["higher", "lower"], text: "howToPlayHigherLower" },
  { results: ["wrong"], text: "howToPlayWrong" },
];

export function HelpDialog({ open, onClose }: Props) {
  const { strings } = useIsland();
  return (
    <Dialog open={open} title={strings.howToPlay} onClose={onClose}>
      <p>{strings.howToPlayIntro}</p>
      <p>{strings.howToPlayHints}</p>
      <ul className="gg-legend">
        {LEGEND.map(({ results, text }) => (
          <li key={text}>
            <span className="gg-legend__icons" aria-hidden="true">
              {results.map((result) => (
                <span key={result} className={`gg-chip gg-chip--${result}`}>
                  {RESULT_ICONS[result]}
                </span>
              ))}
            </span>
            <span>{strings[text]}</span>
          </li>
        ))}
      </ul>
      <p>{strings.howToPlayNames}</p>
    </Dialog>
  );
}
