// Drawing of each signed-in screen's frame (decisions 095, 102): the area's layout and the page, rendered by
// the real components so the text the phone paints first is the one React draws later, to the pixel (its
// largest paint does not move).
// - At build time, before the session and the page's data are known: prerender.mjs puts it beside #root in
//   the screen's HTML; lib/screen-frame.ts takes it away.
// - Per request, with the signed-in user's data (`renderScreenWithData`), for the screens whose largest
//   text is drawn from their data: the server (apps/server/src/http/screen-pages.ts) puts it in place of
//   the build-time drawing, with the data beside it for the app's first render.
import { AsyncLocalStorage } from "node:async_hooks";
import { MantineProvider, MantineThemeProvider } from "@mantine/core";
import { type Query, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import { AdminShell } from "./app/layouts/admin-layout";
import { AreaShell } from "./app/layouts/student-layout";
import { signedInTheme } from "./app/signed-in-theme";
import { cssVariablesResolver, theme } from "./app/theme";
import { sendRequestsWith } from "./lib/api";
import { ScreenFrameRender } from "./lib/screen-frame";

// For prerender.mjs, which writes the frame's element around the drawing.
export { SCREEN_FRAME_ID, SCREEN_FRAME_OPENING } from "@app/shared/screen-frame";

const pages = import.meta.glob<{ Component: ComponentType }>("./features/*/pages/*-page.tsx", { eager: true });

function drawScreen(path: string, source: string, client: QueryClient): string {
  const page = pages[source.replace(/^src\//, "./")];
  if (!page) throw new Error(`${source}: no such page`);
  const Shell = path.startsWith("/admin") ? AdminShell : AreaShell;
  const Page = page.Component;
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <MantineThemeProvider theme={signedInTheme}>
        <QueryClientProvider client={client}>
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

/** The frame of the screen at `path` (under /aluno or /admin), whose page is the module `source` (src/…). */
export function renderScreenFrame(path: string, source: string): string {
  return drawScreen(path, source, new QueryClient());
}

/** The API as the signed-in user of the request being drawn: the server's own answer, in process. */
type Requester = (url: string) => Promise<Response>;
const requests = new AsyncLocalStorage<Requester>();
sendRequestsWith((input) => {
  const requester = requests.getStore();
  if (!requester) return Promise.reject(new Error("a screen drawn outside renderScreenWithData"));
  return requester(String(input));
});

/** A screen drawn with its data, and that data: the `[queryKey, data]` pairs of its queries. */
export interface ScreenWithData {
  frame: string;
  data: [readonly unknown[], unknown][];
}

const MAX_PASSES = 4;

const enabled = (query: Query) => {
  const value = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof value === "function" ? value(query) : value !== false;
};

/**
 * The screen at `path` drawn with the data of the user `request` answers for. Each pass draws it, then asks
 * (through `request`) what its queries waited for; a query enabled by an answer (the role in the session) is
 * asked in the next pass. Undefined when a query fails (not signed in, not allowed: the build-time frame
 * is sent) or the screen still waits after MAX_PASSES.
 */
export async function renderScreenWithData(
  path: string,
  source: string,
  request: Requester,
): Promise<ScreenWithData | undefined> {
  // No garbage-collection timers (gcTime ∞): a query's 5-minute timer would keep each drawing's client and
  // data alive that long in the server; cleared once drawn, the client goes with the request.
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
    },
  });
  try {
    return await drawUntilAnswered(path, source, request, client);
  } finally {
    client.clear();
  }
}

async function drawUntilAnswered(
  path: string,
  source: string,
  request: Requester,
  client: QueryClient,
): Promise<ScreenWithData | undefined> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const frame = drawScreen(path, source, client);
    const queries = client.getQueryCache().getAll();
    const waiting = queries.filter((q) => q.state.status === "pending" && enabled(q));
    if (waiting.length === 0)
      return {
        frame,
        data: queries.filter((q) => q.state.status === "success").map((q) => [q.queryKey, q.state.data]),
      };
    const answers = await requests.run(request, () =>
      Promise.allSettled(waiting.map((q) => client.fetchQuery({ ...q.options, queryKey: q.queryKey }))),
    );
    if (answers.some((a) => a.status === "rejected")) return undefined;
  }
  return undefined;
}
