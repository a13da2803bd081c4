import { Suspense } from "react";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { Component as CatalogPage } from "../features/courses/pages/catalog-page";
import { CoursePage } from "../features/courses/pages/course-page";
import { Component as HomePage } from "../features/home/pages/home-page";
import { PublicLayout } from "./layouts/public-layout";
import { lazyPage, preloadMatches } from "./lazy-page";
import { PageErrorBoundary } from "./page-error-boundary";
import { NotFoundPage } from "./pages/not-found-page";

/** A course's page comes with the shell too: the server renders it into the HTML (decision 093). */
const CourseRoute = () => <CoursePage notFound={<NotFoundPage />} />;

/**
 * The public routes of SPEC §2. The two pages most visitors open first (/ and /cursos) come with the
 * shell, so a phone on 3G makes no second round trip for them; every other route is a lazy chunk.
 * Declarative routes (decision 022): the data router's own code was 17 KB gzip of every first load.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, Component: HomePage },
      { path: "cursos", Component: CatalogPage },
      { path: "cursos/:slug", Component: CourseRoute },
      { path: "inscricao", Component: lazyPage(() => import("../features/enrollments/pages/enrollment-entry-page")) },
      // Public certificate verification (the QR code of each certificate PDF points here).
      { path: "verificar/:numero?", Component: lazyPage(() => import("../features/certificates/pages/verify-page")) },
    ],
  },
  // Any other path: a signed-in screen or the 404 page. That table is a chunk of its own, so the public
  // first load carries neither those routes nor the list of their chunks.
  { path: "*", Component: lazyPage(() => import("./signed-in-routes")) },
];

/** The app's screens for the current address; the browser and the build-time prerender both render this. */
export function AppRoutes() {
  const { pathname } = useLocation();
  preloadMatches(routes, pathname);
  const screen = useRoutes(routes);
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={null}>{screen}</Suspense>
    </PageErrorBoundary>
  );
}
