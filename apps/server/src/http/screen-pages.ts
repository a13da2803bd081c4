import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { SCREEN_DATA_ID } from "@app/shared/screen-data";
import { SCREEN_FRAME_OPENING } from "@app/shared/screen-frame";
import { hasSessionCookie } from "../auth/session";
import { scriptJson } from "../modules/courses/course-page.head";
import type { AppHono } from "./env";

/** The web build's drawing of a signed-in screen with its data (apps/web/src/prerender-screens.tsx). */
interface ScreenRenderer {
  renderScreenWithData(
    path: string,
    source: string,
    request: (url: string) => Promise<Response>,
  ): Promise<{ frame: string; data: [readonly unknown[], unknown][] } | undefined>;
}

/** Past this, the screen goes as built (its frame without data): the HTML never waits long for its drawing. */
const DRAWING_MS = 1_500;

/**
 * Drawings at once, at most: each costs ~50 ms of this process's CPU on a 2-core machine (three renders of
 * the screen). Past them, in a crowd, the screen goes as built: the CPU stays with sign-ins and uploads.
 */
const DRAWINGS_AT_ONCE = 2;

const FRAME_START = SCREEN_FRAME_OPENING;
const FRAME_END = '</div><div id="root">';

/**
 * The signed-in screens whose largest text comes from their data (/aluno/pagamento's payment details, the
 * Painel's notices), drawn per request with the signed-in user's data (decision 102): the phone paints
 * them from the HTML instead of after ~200 KB of JavaScript have arrived and run, and the app starts
 * from the same data (no session or data request before its first render). Their calls are made in
 * process as that user (the same cookie, so the same permissions and the same answers as the API gives
 * them); a failed call, no session or a slow drawing sends the screen's HTML as built, which the app
 * completes as before. The answer is the user's own: `private, no-store`.
 */
export function mountScreensWithData(app: AppHono, webDist: string): void {
  const listFile = path.join(webDist, "prerendered", "screens-with-data.json");
  const rendererFile = path.resolve(webDist, "..", "dist-ssr-screens", "prerender-screens.js");
  if (!existsSync(listFile) || !existsSync(rendererFile)) return;
  const screens: Record<string, { file: string; page: string }> = JSON.parse(readFileSync(listFile, "utf8"));
  let renderer: Promise<ScreenRenderer> | undefined;
  let drawing = 0;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<ScreenRenderer>;
    return renderer;
  };
  // Loaded soon after start (~1.4 MB of code), not by the first student who opens the screen.
  setTimeout(() => void loadRenderer().catch(() => {}), 1_000).unref();
  for (const [route, { file, page }] of Object.entries(screens)) {
    const template = readFileSync(path.join(webDist, "prerendered", file), "utf8");
    const start = template.indexOf(FRAME_START);
    const end = template.lastIndexOf(FRAME_END);
    if (start < 0 || end < start) throw new Error(`${file}: no screen frame to draw in`);
    app.get(route, async (c, next) => {
      if (!(await hasSessionCookie(c)) || drawing >= DRAWINGS_AT_ONCE) return next();
      drawing++;
      const cookie = c.req.header("cookie") ?? "";
      const requested = new Set<string>();
      const request = (url: string) => {
        requested.add(url);
        return Promise.resolve(app.request(url, { headers: { cookie } }, c.env));
      };
      let timer: NodeJS.Timeout | undefined;
      const drawn = await Promise.race([
        loadRenderer().then((r) => r.renderScreenWithData(route, page, request)),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), DRAWING_MS);
        }),
      ])
        .catch((err: unknown) => {
          c.get("log").warn({ err, route }, "screen drawn without its data");
          return undefined;
        })
        .finally(() => {
          clearTimeout(timer);
          drawing--;
        });
      if (!drawn) return next();
      // The data the app starts from is in the page: its requests for the same addresses are not made.
      const head = template
        .slice(0, start)
        .replace(/\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g, (link, href) =>
          requested.has(href) ? "" : link,
        );
      const data = `<script type="application/json" id="${SCREEN_DATA_ID}">${scriptJson(drawn.data)}</script>`;
      const html = `${head}${FRAME_START}${drawn.frame}${FRAME_END.replace("<div", `${data}<div`)}${template.slice(end + FRAME_END.length)}`;
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Accept-Encoding, Cookie");
      if (!/gzip/i.test(c.req.header("Accept-Encoding") ?? "")) return c.html(html);
      // The inlined styles make it ~200 KB: ~30 KB on a 3G link.
      c.header("Content-Encoding", "gzip");
      c.header("Content-Type", "text/html; charset=UTF-8");
      return c.body(new Uint8Array(gzipSync(html)), 200);
    });
  }
}
