// Router and shared UI state (dialogs, high contrast) of the island.
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
import * as storage from "../../lib/storage";
import { ArchivePage } from "./ArchivePage";
import { ArchivePuzzlePage } from "./ArchivePuzzlePage";
import { IslandContext, type DialogRequest, type Island, type IslandProps } from "./context";
import { HelpDialog } from "./HelpDialog";
import { SettingsDialog } from "./SettingsDialog";
import { StatsDialog } from "./StatsDialog";
import { TodayPage } from "./TodayPage";

type Props = IslandProps;

export function App(props: Props) {
  return (
    <BrowserRouter basename={props.basename}>
      <Layout props={props}>
        {/* Routes ignore a trailing slash, so /archive and /archive/ both match. */}
        <Routes>
          <Route path="/" element={<TodayPage />} />
          <Route path="/archive" element={<ArchivePage />} />
          <Route path="/archive/:number" element={<ArchivePuzzlePage />} />
          <Route path="*" element={props.view === "archive" ? <ArchivePage /> : <TodayPage />} />
        </Routes>
      </Layout>
    </BrowserRouter>
  );
}

function Layout({ props, children }: { props: IslandProps; children: ReactNode }) {
  const [contrast, setContrast] = useState(storage.highContrast);
  const [theme, setTheme] = useState(storage.theme);
  const [hardMode, setHardMode] = useState(storage.hardMode);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const navigated = useRef(false);

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
    }),
    [props, contrast, theme, hardMode],
  );

  return (
    <IslandContext value={island}>
      <div ref={rootRef} className={contrast ? "gg gg--contrast" : "gg"}>
        <RouteFocus root={rootRef} navigated={navigated} />
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

/** After a client-side navigation, move focus to the new view's heading (HeaderBar
 *  does it again if a loading view is replaced by the loaded one). */
function RouteFocus({ root, navigated }: { root: RefObject<HTMLDivElement | null>; navigated: RefObject<boolean> }) {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    navigated.current = true;
    root.current?.querySelector<HTMLElement>("[data-route-heading]")?.focus();
  }, [pathname, root, navigated]);
  return null;
}
