// How to play: the legend of the hint icons, then every hint explained with a small
// example drawn like the real cells.
import type { HintKey, Result } from "../../lib/api-types";
import type { StringKey, UiStrings } from "../../lib/strings";
import { RESULT_ICONS } from "../../lib/text";
import { useIsland } from "./context";
import { Dialog } from "./Dialog";

type Props = { open: boolean; onClose: () => void };

const LEGEND: Array<{ results: Result[]; text: StringKey }> = [
  { results: ["correct"], text: "howToPlayCorrect" },
  { results: ["present"], text: "howToPlayPresent" },
  { results: ["higher", "lower"], text: "howToPlayHigherLower" },
  { results: ["wrong"], text: "howToPlayWrong" },
];

/** `value` is shown as it is (small whole numbers); `term` is the server's text: a
 *  type or colour name, or a size formatted like the hint cells ("0,4 m" in German). */
type Example = { key: HintKey; result: Result } & ({ value: string } | { term: StringKey });

/** Each hint with its explanation and example cells. */
const HINTS: Array<{ text: StringKey; example?: StringKey; cells: Example[] }> = [
  {
    text: "helpTypes",
    example: "helpTypesExample",
    cells: [
      { key: "type1", term: "valueGrass", result: "wrong" },
      { key: "type2", term: "valuePoison", result: "present" },
    ],
  },
  { text: "helpGeneration", cells: [{ key: "generation", value: "1", result: "higher" }] },
  { text: "helpStage", cells: [{ key: "stage", value: "2", result: "correct" }] },
  { text: "helpColor", cells: [{ key: "color", term: "valueYellow", result: "wrong" }] },
  {
    text: "helpSize",
    cells: [
      { key: "height", term: "valueHeight", result: "higher" },
      { key: "weight", term: "valueWeight", result: "lower" },
    ],
  },
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
      <ul className="gg-help-hints">
        {HINTS.map(({ text, example, cells }) => (
          <li key={text}>
            <span className="gg-help-hints__cells" aria-hidden="true">
              {cells.map((cell) => (
                <span key={cell.key} className={`gg-cell gg-cell--${cell.result} gg-cell--example`}>
                  <span className="gg-cell__key">{strings[cell.key]}</span>
                  <span className="gg-cell__icon">{RESULT_ICONS[cell.result]}</span>
                  <bdi className="gg-cell__value">{translatedValue(cell, strings)}</bdi>
                </span>
              ))}
            </span>
            <span>
              {strings[text]}
              {example && <span className="gg-help-hints__example"> {strings[example]}</span>}
            </span>
          </li>
        ))}
      </ul>
      <p>{strings.howToPlayNames}</p>
      <p>{strings.helpModes}</p>
    </Dialog>
  );
}

/** Names and sizes come translated with the props; small numbers stay as they are. */
function translatedValue(cell: Example, strings: UiStrings): string {
  return "term" in cell ? strings[cell.term] : cell.value;
}
