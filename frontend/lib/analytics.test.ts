import { describe, expect, it, vi } from "vitest";
import { trackPageView } from "./analytics";

function fakeWindow(gtag?: (...args: unknown[]) => void) {
  return {
    gtag,
    location: {
      pathname: "/de/archive/3/",
      search: "?a=1",
      href: "https://x.example/de/archive/3/?a=1",
    },
    document: { title: "Rätsel #3" },
  } as unknown as Window & { gtag?: (...args: unknown[]) => void };
}

describe("trackPageView", () => {
  it("sends path with query, full URL and title when analytics is loaded", () => {
    const gtag = vi.fn();
    expect(trackPageView(fakeWindow(gtag))).toBe(true);
    expect(gtag).toHaveBeenCalledWith("event", "page_view", {
      page_path: "/de/archive/3/?a=1",
      page_location: "https://x.example/de/archive/3/?a=1",
      page_title: "Rätsel #3",
    });
  });
  it("does nothing when no analytics is configured", () => {
    expect(trackPageView(fakeWindow())).toBe(false);
  });
});
