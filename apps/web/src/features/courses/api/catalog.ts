import { CATALOG_DATA_ID } from "@app/shared/catalog-data";
import { courseEndpoints } from "@app/shared/contract/courses";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import type { AnswerOf } from "../../../lib/api";
import { lazyApi } from "../../../lib/lazy-api";

export type CatalogCourse = AnswerOf<typeof courseEndpoints.catalog>[number];

/**
 * The public pages read the catalogue without TanStack Query, so the public first load carries no
 * query cache (ARCHITECTURE §7 budget). One shared request for the screens that open together (2 s, the
 * server's own cache); a screen opened later shows the list it had at once and asks again (a 304 while
 * unchanged), so a course changed by someone else shows as it is (decision 048). A failure is not kept.
 */
const FRESH_MS = 2_000;
let cached: { at: number; promise: Promise<CatalogCourse[]>; data?: CatalogCourse[]; failed?: boolean } | undefined;

/** The catalogue a page is rendered from on the server (src/prerender.tsx): never a module-wide copy there. */
export const PreloadedCatalog = createContext<CatalogCourse[] | undefined>(undefined);

/**
 * The catalogue the server rendered / or /cursos from and put beside the HTML (decision 096): the first
 * render is then the page already on screen (React adopts it), and no request is made for the next 2 s.
 */
let embeddedRead = false;
function takeEmbedded() {
  if (embeddedRead) return;
  embeddedRead = true;
  const text = typeof document === "undefined" ? null : document.getElementById(CATALOG_DATA_ID)?.textContent;
  if (!text) return;
  try {
    const data = JSON.parse(text) as CatalogCourse[];
    cached = { at: Date.now(), promise: Promise.resolve(data), data };
  } catch {}
}

const isFresh = (entry: typeof cached): entry is NonNullable<typeof cached> =>
  Boolean(entry && !entry.failed && Date.now() - entry.at < FRESH_MS);

/** Active courses, newest first (the server filters and orders). */
export function loadCatalog(force = false): Promise<CatalogCourse[]> {
  if (!force && isFresh(cached)) return cached.promise;
  // The request code is fetched when first needed: / and /cursos come with their catalogue (decision 096).
  const request = lazyApi().then(({ api }) => api(courseEndpoints.catalog));
  const entry: NonNullable<typeof cached> = { at: Date.now(), promise: request };
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
  const server = useContext(PreloadedCatalog);
  const [state, setState] = useState<CatalogState>(() => {
    takeEmbedded();
    const data = server ?? (cached?.failed ? undefined : cached?.data);
    return data ? { status: "success", data } : { status: "pending" };
  });
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
