// Build-time rendering of the public pages most visitors open first (/ and /cursos): the phone paints
// the page from HTML and CSS alone, before any JavaScript arrives (see scripts in package.json).
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}
