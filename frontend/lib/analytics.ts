// Page views for client-side navigations (one per location change: docs/design.md "Pages"). Only when
// the page loaded the analytics tag (an ID is configured); otherwise nothing happens.
type Gtag = (...args: unknown[]) => void;

export function trackPageView(win: Window & { gtag?: Gtag } = window): boolean {
  if (typeof win.gtag !== "function") return false;
  win.gtag("event", "page_view", {
    page_path: win.location.pathname + win.location.search,
    page_location: win.location.href,
    page_title: win.document.title,
  });
  return true;
}
