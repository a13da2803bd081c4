// Build-time rendering of the public pages most visitors open first (/ and /cursos): the phone paints
// the page from HTML and CSS alone, before any JavaScript arrives (see scripts in package.json).
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";

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
