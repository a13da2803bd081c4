import { courseEndpoints } from "@app/shared/contract/courses";
import { COURSE_PAGE_DATA_ID } from "@app/shared/course-page";
import { createContext, useContext, useEffect, useState } from "react";
import type { AnswerOf } from "../../../lib/api";
import { lazyApi } from "../../../lib/lazy-api";

export type CoursePageData = AnswerOf<typeof courseEndpoints.page>;

/** The page's data and the site's address (BASE_URL) when the server renders it (src/prerender.tsx). */
export const PreloadedCoursePage = createContext<Preloaded | undefined>(undefined);

type Preloaded = { data: CoursePageData; origin: string };

/**
 * The data and site address (BASE_URL) the server put beside the HTML it sent (decision 093): the first
 * render is then the page already on screen (React adopts it). Read once, for the first page shown.
 */
let embedded: Preloaded | undefined | null = null;
function takeEmbedded(): Preloaded | undefined {
  if (embedded === null) {
    const text = typeof document === "undefined" ? null : document.getElementById(COURSE_PAGE_DATA_ID)?.textContent;
    try {
      embedded = text ? (JSON.parse(text) as Preloaded) : undefined;
    } catch {
      embedded = undefined;
    }
  }
  return embedded;
}

type State =
  | { status: "pending" }
  | { status: "success"; data: CoursePageData }
  | { status: "missing" }
  | { status: "error"; error: Error };

/**
 * A course's page by its slug: at once from the HTML the server sent (the page the visitor already sees),
 * else asked of the server (arriving from the catalogue). An unknown or inactive course is `missing`.
 */
export function useCoursePage(slug: string) {
  const server = useContext(PreloadedCoursePage) ?? takeEmbedded();
  const preloaded = server?.data;
  const initial: State =
    preloaded && preloaded.course.slug === slug ? { status: "success", data: preloaded } : { status: "pending" };
  const [state, setState] = useState<State>(initial);
  const [attempt, setAttempt] = useState(0);
  const shown = state.status === "success" && state.data.course.slug === slug;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is read, not a trigger
  useEffect(() => {
    if (shown && attempt === 0) {
      // Seen once: coming back to this page later asks the server again.
      embedded = undefined;
      return;
    }
    const controller = new AbortController();
    setState({ status: "pending" });
    // The request code is fetched when first needed: a course's page comes with its data (decision 096).
    lazyApi().then(({ api, ApiError }) =>
      api(courseEndpoints.page, { params: { slug }, signal: controller.signal }).then(
        (data) => setState({ status: "success", data }),
        (error: Error) => {
          if (controller.signal.aborted) return;
          setState(
            error instanceof ApiError && error.status === 404 ? { status: "missing" } : { status: "error", error },
          );
        },
      ),
    );
    return () => controller.abort();
  }, [slug, attempt]);

  const origin = server?.origin ?? window.location.origin;
  return { state, origin, retry: () => setAttempt((n) => n + 1) };
}
