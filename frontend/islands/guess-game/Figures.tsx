// A row of statistics: each figure's label and value ("–" while unknown).
export type Figure = [label: string, value: number | undefined];

export function Figures({ figures, small = false }: { figures: Figure[]; small?: boolean }) {
  return (
    <dl className={small ? "gg-figures gg-figures--small" : "gg-figures"}>
      {figures.map(([label, value]) => (
        <div key={label} className="gg-figures__item">
          <dt>{label}</dt>
          <dd>{value ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}
