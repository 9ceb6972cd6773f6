// The archive's router (/archive/, /archive/:number/); today's game uses Layout alone.
import { useEffect, useRef } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
import { ArchivePage } from "./ArchivePage";
import { ArchivePuzzlePage } from "./ArchivePuzzlePage";
import { useIsland, type IslandProps } from "./context";
import { Layout } from "./Layout";
import { TodayPage } from "./TodayPage";

type Props = IslandProps;

export function App(props: Props) {
  return (
    <BrowserRouter basename={props.basename}>
      <Layout props={props}>
        <RouteFocus />
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

/** After a client-side navigation, move focus to the new view's heading (HeaderBar
 *  does it again if a loading view is replaced by the loaded one). */
function RouteFocus() {
  const { markNavigated } = useIsland();
  const { pathname } = useLocation();
  const last = useRef(pathname);
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    markNavigated();
    marker.current?.closest(".gg")?.querySelector<HTMLElement>("[data-route-heading]")?.focus();
  }, [pathname, markNavigated]);
  return <span ref={marker} hidden />;
}
