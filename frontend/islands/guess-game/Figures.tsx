// A row of statistics: each figure's label and value ("–" while unknown), the value
// grouped the page language's way.
import { formatCount } from "../../lib/text";
import { useIsland } from "./context";

export type Figure = [label: string, value: number | undefined];

export function Figures({ figures, small = false }: { figures: Figure[]; small?: boolean }) {
  const { lang } = useIsland();
  return (
    <dl className={small ? "gg-figures gg-figures--small" : "gg-figures"}>
      {figures.map(([label, value]) => (
        <div key={label} className="gg-figures__item">
          <dt>{label}</dt>
          <dd>{value === undefined ? "–" : formatCount(value, lang)}</dd>
        </div>
      ))}
    </dl>
  );
}
