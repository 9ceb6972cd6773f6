// The JSON API (see the island contract). Every failure becomes an ApiError: a code
// from the server with its translated message, or "network" when no usable answer came.
import { csrfFromCookies } from "../../lib/csrf";
import { loadChineseFold } from "../../lib/names";
import type { NameEntry, NamesList } from "../../lib/api-types";

export class ApiError extends Error {
  readonly code: string;
  readonly suggestions: string[];
  /** The HTTP status, 0 when no answer came. */
  readonly status: number;

  constructor(code: string, message = "", suggestions: string[] = [], status = 0) {
    super(message);
    this.code = code;
    this.suggestions = suggestions;
    this.status = status;
  }

  /** No translated message to show: say strings.networkError instead. */
  get isNetwork(): boolean {
    return this.code === "network";
  }
}

export function withLang(url: string, lang: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; suggestions?: unknown } };

// Pages carry no CSRF token (a CDN may cache them): the puzzle answers bring it, and the
// cookie they set holds the secret it stands for. A write sends the cookie's secret when
// it can be read: tabs opened together each get an answer that sets a new cookie, the
// browser keeps and sends the last one, and a token kept from another answer would be
// refused ("Your session expired").
let csrfToken = "";

function csrfHeader(): string {
  return (typeof document === "undefined" ? "" : csrfFromCookies(document.cookie)) || csrfToken;
}

/** A failure worth asking again: no answer came, or a proxy had no node to give it to. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** Waits before each retry: 1 s, doubling, at most three (seven seconds in all). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException("", "AbortError"));
    });
  });
}

async function attempt<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError("network");
  }
  const body: unknown = await response.json().catch(() => null);
  const token = (body as { csrf_token?: unknown } | null)?.csrf_token;
  if (typeof token === "string" && token) csrfToken = token;
  // A DELETE answers 204, with no body.
  if (response.ok && (body !== null || init.method === "DELETE")) return body as T;
  const detail = (body as ErrorBody | null)?.error;
  if (detail && typeof detail.code === "string" && typeof detail.message === "string") {
    const suggestions = Array.isArray(detail.suggestions) ? detail.suggestions.map(String) : [];
    throw new ApiError(detail.code, detail.message, suggestions, response.status);
  }
  throw new ApiError("network", "", [], response.status);
}

/**
 * One request, asked again after a network failure or a 502/503/504 when ``retry`` is
 * set: only for requests that are safe to repeat (reads, the lifeline, erasing, and
 * guesses, which carry the attempt they were typed for, so the server never spends
 * a second one).
 */
async function request<T>(url: string, init: RequestInit = {}, retry = false): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt<T>(url, init);
    } catch (error) {
      const retriable =
        error instanceof ApiError && (error.isNetwork || RETRIED_STATUSES.has(error.status));
      const delay = RETRY_DELAYS_MS[tries];
      if (!retry || !retriable || delay === undefined) throw error;
      await pause(delay, init.signal);
    }
  }
}

export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return request<T>(url, { signal, headers: { Accept: "application/json" } }, true);
}

/** POST JSON; ``retry`` only where sending it twice changes nothing (see request). */
export function postJson<T>(url: string, body: object, retry = false): Promise<T> {
  return request<T>(
    url,
    {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "X-CSRFToken": csrfHeader(),
      },
      body: JSON.stringify(body),
    },
    retry,
  );
}

/** DELETE with the CSRF token; resolves on any 2xx. */
export async function deleteResource(url: string): Promise<void> {
  await request<unknown>(
    url,
    { method: "DELETE", headers: { Accept: "application/json", "X-CSRFToken": csrfHeader() } },
    true,
  );
}

export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError("network");
}

let names: Promise<NameEntry[]> | null = null;

/** The names list, fetched once per page (the server caches it for a day). */
export function loadNames(url: string): Promise<NameEntry[]> {
  names ??= getJson<NamesList>(url).then(
    async (body) => {
      if (body.lang === "zh") await loadChineseFold();
      return body.names;
    },
    (error: unknown) => {
      names = null; // try again on the next focus
      throw error;
    },
  );
  return names;
}
