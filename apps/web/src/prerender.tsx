// Build-time rendering of the public pages most visitors open first (/ and /cursos): the phone paints
// the page from HTML and CSS alone, before any JavaScript arrives (see scripts in package.json).
import { coursePagePath } from "@app/shared/course-page";
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";
import { type CoursePageData, PreloadedCoursePage } from "./features/courses/api/course-page";

/** The page at `path` as HTML; only pages that come with the shell (no lazy chunk) can be prerendered. */
export function render(path: string): string {
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </MantineProvider>,
  );
}

/**
 * A course's page as HTML, rendered by the server per request with its data (decision 093): the server
 * loads this bundle (dist-ssr/prerender.js, kept by prerender.mjs) and calls it. `origin` is BASE_URL.
 */
export function renderCoursePage(data: CoursePageData, origin: string): string {
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <PreloadedCoursePage.Provider value={{ data, origin }}>
        <StaticRouter location={coursePagePath(data.course.slug)}>
          <AppRoutes />
        </StaticRouter>
      </PreloadedCoursePage.Provider>
    </MantineProvider>,
  );
}
