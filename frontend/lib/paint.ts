// Timing around the page's first paints, so that scripts never hold up what shows first.

// Runs `run` once the page has shown its content (the first contentful paint), so the
// islands' scripts never compete with the stylesheet and the silhouette on a slow
// connection. Where the browser reports no such paint (a hidden tab paints nothing),
// `run` comes after `fallbackMs`; where it has no paint timing at all, at once.
export function afterFirstContentfulPaint(run: () => void, fallbackMs = 1000): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  // A browser may ignore an entry type it does not know instead of refusing it.
  const observable =
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes.includes("paint");
  if (!observable) {
    once();
    return;
  }
  setTimeout(once, fallbackMs);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: "paint", buffered: true });
  } catch {
    once();
  }
}

// Resolves once `image` has been painted (decoded, then two frames), or after
// `withinMs` if that takes longer; at once when there is no image. A broken image
// counts as shown.
export function shown(image: HTMLImageElement | null, withinMs: number): Promise<void> {
  if (!image) return Promise.resolve();
  const painted = image
    .decode()
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
    );
  const late = new Promise<void>((resolve) => setTimeout(resolve, withinMs));
  return Promise.race([painted, late]);
}
