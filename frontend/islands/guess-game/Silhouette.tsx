// The mystery Pokémon on a spotlight; after the end, its artwork in colour and its name
// (and the English name when it differs).
import type { Answer } from "../../lib/api-types";
import { format } from "../../lib/text";
import { useIsland } from "./context";

type Props = {
  src: string;
  answer?: Answer;
  /** The answer was revealed just now: a small pop (when motion is allowed). */
  pop: boolean;
};

export function Silhouette({ src, answer, pop }: Props) {
  const { strings } = useIsland();
  const revealed = answer
    ? `gg-stage gg-stage--revealed${pop ? " gg-stage--pop" : ""}`
    : "gg-stage";
  return (
    <figure className={revealed}>
      <div className="gg-stage__spot">
        {answer ? (
          <img
            key="artwork"
            className="gg-stage__img"
            src={answer.artwork_url}
            width={256}
            height={256}
            alt={format(strings.artworkAlt, { name: answer.name })}
          />
        ) : (
          <img
            key="silhouette"
            className="gg-stage__img gg-stage__img--shadow"
            src={src}
            width={256}
            height={256}
            alt={strings.silhouetteAlt}
            draggable={false}
          />
        )}
      </div>
      {answer && (
        <figcaption className="gg-stage__caption">
          <bdi className="gg-stage__name">{answer.name}</bdi>
          {answer.name_en !== answer.name && (
            <span className="gg-stage__en">
              {format(strings.englishName, { name: answer.name_en })}
            </span>
          )}
        </figcaption>
      )}
    </figure>
  );
}
