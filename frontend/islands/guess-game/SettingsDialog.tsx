// Settings: theme (applied to the whole site before the first paint, see base.html),
// high contrast and hard mode. Every control is a labelled native input.
import { useId } from "react";
import type { Theme } from "../../lib/storage";
import type { StringKey } from "../../lib/strings";
import { useIsland } from "./context";
import { Dialog } from "./Dialog";

type Props = { open: boolean; onClose: () => void };

const THEMES: Array<{ value: Theme; label: StringKey }> = [
  { value: "system", label: "themeSystem" },
  { value: "light", label: "themeLight" },
  { value: "dark", label: "themeDark" },
];

export function SettingsDialog({ open, onClose }: Props) {
  const { strings } = useIsland();
  return (
    <Dialog open={open} title={strings.settings} onClose={onClose}>
      <SettingsBody />
    </Dialog>
  );
}

function SettingsBody() {
  const { strings, theme, setTheme, highContrast, setHighContrast, hardMode, setHardMode } =
    useIsland();
  const id = useId();
  return (
    <div className="gg-settings">
      <fieldset className="gg-settings__group">
        <legend>{strings.theme}</legend>
        <div className="gg-segmented">
          {THEMES.map(({ value, label }) => (
            <label key={value} className="gg-segmented__option">
              <input
                type="radio"
                name={`${id}-theme`}
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
              />
              <span>{strings[label]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="gg-settings__switch">
        <input
          id={`${id}-contrast`}
          type="checkbox"
          role="switch"
          checked={highContrast}
          aria-describedby={`${id}-contrast-help`}
          onChange={(event) => setHighContrast(event.target.checked)}
        />
        <label htmlFor={`${id}-contrast`}>{strings.highContrast}</label>
        <p id={`${id}-contrast-help`} className="gg-settings__help">
          {strings.highContrastHelp}
        </p>
      </div>
      <div className="gg-settings__switch">
        <input
          id={`${id}-hard`}
          type="checkbox"
          role="switch"
          checked={hardMode}
          aria-describedby={`${id}-hard-help`}
          onChange={(event) => setHardMode(event.target.checked)}
        />
        <label htmlFor={`${id}-hard`}>{strings.hardMode}</label>
        <p id={`${id}-hard-help`} className="gg-settings__help">
          {strings.hardModeHelp} {strings.hardModeNext}
        </p>
      </div>
    </div>
  );
}
