// The JSON API (see the island contract). Every failure becomes an ApiError: a code
// from the server with its translated message, or "network" when no usable answer came.
import { csrfFromCookies } from "../../lib/csrf";
import type { NameEntry, NamesList } from "../../lib/api-types";

export class ApiError extends Error {
  readonly code: string;
  readonly suggestions: string[];

  constructor(code: string, message = "", suggestions: string[] = []) {
    super(message);
    this.code = code;
    this.suggestions = suggestions;
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

async function request<T>(url: string, init: RequestInit = {}): Promise<T> {
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
    throw new ApiError(detail.code, detail.message, suggestions);
  }
  throw new ApiError("network");
}

export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return request<T>(url, { signal, headers: { Accept: "application/json" } });
}

export function postJson<T>(url: string, body: object): Promise<T> {
  return request<T>(url, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-CSRFToken": csrfHeader(),
    },
    body: JSON.stringify(body),
  });
}

/** DELETE with the CSRF token; resolves on any 2xx. */
export async function deleteResource(url: string): Promise<void> {
  await request<unknown>(url, {
    method: "DELETE",
    headers: { Accept: "application/json", "X-CSRFToken": csrfHeader() },
  });
}

export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError("network");
}

let names: Promise<NameEntry[]> | null = null;

/** The names list, fetched once per page (the server caches it for a day). */
export function loadNames(url: string): Promise<NameEntry[]> {
  names ??= getJson<NamesList>(url).then(
    (body) => body.names,
    (error: unknown) => {
      names = null; // try again on the next focus
      throw error;
    },
  );
  return names;
}
