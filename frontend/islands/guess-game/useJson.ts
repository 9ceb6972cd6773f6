// GET a JSON resource while `url` is not null; `retry()` asks again. Switching to another
// url (or `refresh` value) drops the old answer, so stale data never shows.
import { useEffect, useState } from "react";
import { ApiError, getJson, toApiError } from "./api";

type Loaded<T> = { key: string | null; data?: T; error?: ApiError };

export type JsonState<T> = { data?: T; error?: ApiError; loading: boolean; retry: () => void };

export function useJson<T>(url: string | null, refresh = 0): JsonState<T> {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: null });
  const key = url === null ? null : `${refresh}:${attempt}:${url}`;

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    getJson<T>(url, controller.signal).then(
      (data) => setLoaded({ key, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ key, error: toApiError(error) });
      },
    );
    return () => controller.abort();
  }, [key, url]); // key changes with url and refresh

  const current = loaded.key === key ? loaded : { key };
  return {
    data: current.data,
    error: current.error,
    loading: key !== null && loaded.key !== key,
    retry: () => setAttempt((n) => n + 1),
  };
}
