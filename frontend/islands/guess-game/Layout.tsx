// Shared UI state (dialogs, high contrast, theme, hard mode) of the island, with no
// router: today's game on the home page needs none, so react-router only loads with the
// archive (App.tsx).
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import * as storage from "../../lib/storage";
import { IslandContext, type DialogRequest, type Island, type IslandProps } from "./context";
import { HelpDialog } from "./HelpDialog";
import { SettingsDialog } from "./SettingsDialog";
import { StatsDialog } from "./StatsDialog";

export function Layout({ props, children }: { props: IslandProps; children: ReactNode }) {
  const [contrast, setContrast] = useState(storage.highContrast);
  const [theme, setTheme] = useState(storage.theme);
  const [hardMode, setHardMode] = useState(storage.hardMode);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const navigated = useRef(false);
  const markNavigated = useCallback(() => {
    navigated.current = true;
  }, []);

  const island = useMemo<Island>(
    () => ({
      ...props,
      highContrast: contrast,
      setHighContrast: (on) => {
        storage.setHighContrast(on);
        setContrast(on);
      },
      theme,
      setTheme: (value) => {
        storage.setTheme(value);
        setTheme(value);
      },
      hardMode,
      setHardMode: (on) => {
        storage.setHardMode(on);
        setHardMode(on);
      },
      openDialog: setDialog,
      navigated,
      markNavigated,
    }),
    [props, contrast, theme, hardMode, markNavigated],
  );

  return (
    <IslandContext value={island}>
      <div className={contrast ? "gg gg--contrast" : "gg"}>
        {children}
        <HelpDialog open={dialog?.kind === "help"} onClose={() => setDialog(null)} />
        <SettingsDialog open={dialog?.kind === "settings"} onClose={() => setDialog(null)} />
        <StatsDialog
          open={dialog?.kind === "stats"}
          highlight={dialog?.kind === "stats" ? dialog.highlight : null}
          onClose={() => setDialog(null)}
        />
      </div>
    </IslandContext>
  );
}
