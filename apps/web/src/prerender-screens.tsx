// Build-time drawing of each signed-in screen's frame (decision 095): the area's layout and the page as they
// look before the session and the page's data are known, rendered by the real components so the text the
// phone paints first is the one React draws later, to the pixel (its largest paint does not move).
// prerender.mjs puts it beside #root in the screen's HTML; lib/screen-frame.ts takes it away.
import { MantineProvider, MantineThemeProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import { AdminShell } from "./app/layouts/admin-layout";
import { AreaShell } from "./app/layouts/student-layout";
import { signedInTheme } from "./app/signed-in-theme";
import { cssVariablesResolver, theme } from "./app/theme";
import { ScreenFrameRender } from "./lib/screen-frame";

const pages = import.meta.glob<{ Component: ComponentType }>("./features/*/pages/*-page.tsx", { eager: true });

/** The frame of the screen at `path` (under /aluno or /admin), whose page is the module `source` (src/…). */
export function renderScreenFrame(path: string, source: string): string {
  const page = pages[source.replace(/^src\//, "./")];
  if (!page) throw new Error(`${source}: no such page`);
  const Shell = path.startsWith("/admin") ? AdminShell : AreaShell;
  const Page = page.Component;
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <MantineThemeProvider theme={signedInTheme}>
        <QueryClientProvider client={new QueryClient()}>
          <ScreenFrameRender.Provider value={true}>
            <StaticRouter location={path}>
              <Routes>
                <Route Component={Shell}>
                  <Route path={path} Component={Page} />
                </Route>
              </Routes>
            </StaticRouter>
          </ScreenFrameRender.Provider>
        </QueryClientProvider>
      </MantineThemeProvider>
    </MantineProvider>,
  );
}
