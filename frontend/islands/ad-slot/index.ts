// Ad slot island: rendered by the server only when an ad client is configured. Pushes the
// ad script once per slot on mount (spec §4); a failure is logged and nothing else breaks.
type AdsWindow = Window & { adsbygoogle?: unknown[] };

export function mount(root: HTMLElement): void {
  if (root.dataset.pushed) return;
  root.dataset.pushed = "true";
  try {
    const w = window as AdsWindow;
    (w.adsbygoogle = w.adsbygoogle || []).push({});
  } catch (error) {
    console.error("Error loading AdSense:", error);
  }
}
