// Retries: what is asked again after a failure, how often, and what never is.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, getJson, postJson, RETRY_DELAYS_MS } from "./api";

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const REFUSED = { error: { code: "duplicate_guess", message: "Already guessed." } };

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs ``call`` while the fake clock moves through every retry delay. */
async function settle<T>(call: Promise<T>): Promise<T> {
  const total = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(total);
  const result = await outcome;
  if ("error" in result) throw result.error;
  return result.value;
}

describe("retries", () => {
  it("asks again after a network failure and a 503, then takes the answer", async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValueOnce(json(503, { error: { code: "unavailable", message: "Busy" } }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(settle(getJson("/api/x"))).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("gives up after three retries with a network error", async () => {
    fetchMock.mockRejectedValue(new TypeError("offline"));
    const failure = await settle(getJson("/api/x")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).isNetwork).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1 + RETRY_DELAYS_MS.length);
  });

  it("waits one second, then doubles", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const call = getJson("/api/x");
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await call;
  });

  it("never asks again after the server refused", async () => {
    fetchMock.mockResolvedValue(json(409, REFUSED));
    const failure = await settle(postJson("/api/g", { name: "Mew" }, true)).catch(
      (error: unknown) => error,
    );
    expect((failure as ApiError).code).toBe("duplicate_guess");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends a POST once unless told it is safe to repeat", async () => {
    fetchMock.mockRejectedValue(new TypeError("offline"));
    await settle(postJson("/api/practice", {})).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("repeats a guess with the same body, attempt included", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    fetchMock.mockResolvedValueOnce(json(201, { ok: true }));
    await settle(postJson("/api/g", { name: "Mew", attempt: 2 }, true));
    const bodies = fetchMock.mock.calls.map(([, init]) => init?.body);
    expect(bodies).toEqual([
      JSON.stringify({ name: "Mew", attempt: 2 }),
      JSON.stringify({ name: "Mew", attempt: 2 }),
    ]);
  });
});
