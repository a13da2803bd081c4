import { courseEndpoints } from "@app/shared/contract/courses";
import { useCallback, useEffect, useState } from "react";
import { type AnswerOf, api } from "../../../lib/api";

export type CatalogCourse = AnswerOf<typeof courseEndpoints.catalog>[number];

/**
 * The public pages read the catalogue without TanStack Query, so the public first load carries no
 * query cache (ARCHITECTURE §7 budget). One shared request for the screens that open together (2 s, the
 * server's own cache); a screen opened later shows the list it had at once and asks again (a 304 while
 * unchanged), so a course changed by someone else shows as it is (decision 048). A failure is not kept.
 */
const FRESH_MS = 2_000;
let cached: { at: number; promise: Promise<CatalogCourse[]>; data?: CatalogCourse[]; failed?: boolean } | undefined;

const isFresh = (entry: typeof cached): entry is NonNullable<typeof cached> =>
  Boolean(entry && !entry.failed && Date.now() - entry.at < FRESH_MS);

/** Active courses, newest first (the server filters and orders). */
export function loadCatalog(force = false): Promise<CatalogCourse[]> {
  if (!force && isFresh(cached)) return cached.promise;
  const entry: NonNullable<typeof cached> = { at: Date.now(), promise: api(courseEndpoints.catalog) };
  entry.promise.then(
    (data) => {
      entry.data = data;
    },
    () => {
      entry.failed = true;
    },
  );
  cached = entry;
  return entry.promise;
}

/** A course was saved or deleted here: the next catalogue read asks the server (decision 048). */
export function forgetCatalog(): void {
  cached = undefined;
}

type CatalogState =
  | { status: "pending"; data?: undefined }
  | { status: "success"; data: CatalogCourse[] }
  | { status: "error"; data?: undefined; error: Error };

/** The catalogue for a screen: `data`, `isPending`, `isError`, `error` and `refetch`, like a query. */
export function useCatalog(enabled = true) {
  const [state, setState] = useState<CatalogState>(() =>
    cached?.data && !cached.failed ? { status: "success", data: cached.data } : { status: "pending" },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadCatalog(attempt > 0).then(
      (data) => live && setState({ status: "success", data }),
      // A list already shown stays when asking again fails.
      (error: Error) => live && setState((s) => (s.status === "success" ? s : { status: "error", error })),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  const refetch = useCallback(() => {
    setState({ status: "pending" });
    setAttempt((n) => n + 1);
  }, []);

  return {
    data: state.data,
    isPending: state.status === "pending",
    isError: state.status === "error",
    error: state.status === "error" ? state.error : null,
    refetch,
  };
}
