// The server bundle (dist-ssr/prerender.js): the public pages as HTML, so a phone paints them from HTML and
// CSS alone, before any JavaScript arrives. prerender.mjs checks them at build time; the server renders /,
// /cursos and each course's page with it per request, with their data (decisions 093, 096).
import { coursePagePath } from "@app/shared/course-page";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";
import { type CatalogCourse, PreloadedCatalog } from "./features/courses/api/catalog";
import { type CoursePageData, PreloadedCoursePage } from "./features/courses/api/course-page";

// prerender.mjs writes the script that starts the app after the paint into the pages' templates.
export { APP_SCRIPTS_ID, APP_START_SCRIPT } from "@app/shared/app-start";

function renderPage(path: string, withData: (routes: ReactNode) => ReactNode): string {
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {withData(
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>,
      )}
    </MantineProvider>,
  );
}

/**
 * / or /cursos as HTML with the catalogue the server read, or without it (the build's check that the page
 * needs no lazy chunk; the server when the database cannot be read: skeleton cards the app then fills).
 */
export function renderCatalogPage(path: string, courses?: CatalogCourse[]): string {
  return renderPage(path, (routes) => <PreloadedCatalog.Provider value={courses}>{routes}</PreloadedCatalog.Provider>);
}

/** A course's page as HTML with its data (decision 093). `origin` is BASE_URL. */
export function renderCoursePage(data: CoursePageData, origin: string): string {
  return renderPage(coursePagePath(data.course.slug), (routes) => (
    <PreloadedCoursePage.Provider value={{ data, origin }}>{routes}</PreloadedCoursePage.Provider>
  ));
}
