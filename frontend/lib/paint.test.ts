import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstContentfulPaint, shown } from "./paint";

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }, observer: Fake) => void;

class Fake {
  static last: Fake | undefined;
  static unsupported = false;
  static supportedEntryTypes: readonly string[] = ["paint"];
  disconnected = false;
  constructor(readonly callback: Callback) {
    Fake.last = this;
  }
  observe(): void {
    if (Fake.unsupported) throw new TypeError("no paint timing");
  }
  disconnect(): void {
    this.disconnected = true;
  }
  report(...names: string[]): void {
    this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  Fake.last = undefined;
  Fake.unsupported = false;
  Fake.supportedEntryTypes = ["paint"];
  vi.stubGlobal("PerformanceObserver", Fake);
  vi.stubGlobal("requestAnimationFrame", (step: () => void) => setTimeout(step, 16));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("afterFirstContentfulPaint", () => {
  it("waits for the first contentful paint, not any paint", () => {
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    Fake.last?.report("first-paint");
    expect(run).not.toHaveBeenCalled();
    Fake.last?.report("first-contentful-paint");
    expect(run).toHaveBeenCalledOnce();
    expect(Fake.last?.disconnected).toBe(true);
  });

  it("runs once, even when the fallback time passes afterwards", () => {
    const run = vi.fn();
    afterFirstContentfulPaint(run, 1000);
    Fake.last?.report("first-contentful-paint");
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledOnce();
  });

  it("runs after the fallback time in a tab that paints nothing", () => {
    const run = vi.fn();
    afterFirstContentfulPaint(run, 1000);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
  });

  it("runs at once where the browser does not list paint timing", () => {
    Fake.supportedEntryTypes = ["navigation", "resource"];
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    expect(run).toHaveBeenCalledOnce();
    expect(Fake.last).toBeUndefined(); // nothing observed
  });

  it("runs at once where the browser refuses to observe paints", () => {
    Fake.unsupported = true;
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    expect(run).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledOnce();
  });
});

function image(decode: () => Promise<void>): HTMLImageElement {
  return { decode } as unknown as HTMLImageElement;
}

async function settled(promise: Promise<void>): Promise<() => boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return () => done;
}

describe("shown", () => {
  it("resolves two frames after the image is decoded", async () => {
    let decoded: () => void = () => undefined;
    const isDone = await settled(
      shown(
        image(() => new Promise<void>((resolve) => (decoded = resolve))),
        300,
      ),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(isDone()).toBe(false); // still decoding
    decoded();
    await vi.advanceTimersByTimeAsync(16);
    expect(isDone()).toBe(false); // one frame
    await vi.advanceTimersByTimeAsync(16);
    expect(isDone()).toBe(true);
  });

  it("gives up waiting after the time allowed", async () => {
    const isDone = await settled(
      shown(
        image(() => new Promise<void>(() => undefined)),
        300,
      ),
    );
    await vi.advanceTimersByTimeAsync(299);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
  });

  it("counts a broken image as shown", async () => {
    const isDone = await settled(
      shown(
        image(() => Promise.reject(new Error("broken"))),
        300,
      ),
    );
    await vi.advanceTimersByTimeAsync(32);
    expect(isDone()).toBe(true);
  });

  it("resolves at once without an image", async () => {
    const isDone = await settled(shown(null, 300));
    expect(isDone()).toBe(true);
  });
});
