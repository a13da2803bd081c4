import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { hasSessionCookie } from "../auth/session";
import { mountCoursePages } from "./course-pages";
import type { AppEnv, AppHono } from "./env";
import { mountScreensWithData } from "./screen-pages";

function cacheFor(value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", value);
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year (pre-compressed .br/.gz when the build made them),
 * and index.html (no-cache) for every other non-API path so the client router can take over.
 */
export function mountSpa(app: AppHono, webDist: string): void {
  if (!existsSync(path.join(webDist, "index.html"))) {
    app.get("*", (c) =>
      c.text("A interface web ainda não foi construída. Execute `npm run build` e reinicie o servidor.", 503),
    );
    return;
  }
  app.use(
    "/assets/*",
    cacheFor("public, max-age=31536000, immutable"),
    serveStatic({ root: webDist, precompressed: true }),
  );
  // /, /cursos and each course's page, rendered per request from the cached catalogue (decisions 093, 096).
  mountCoursePages(app, webDist);
  // The lazy public pages' own HTML (apps/web/prerender.mjs): /verificar and /inscricao naming their
  // page's chunk (fetched with the entry).
  for (const [route, file] of [
    ["/verificar", "verificar.html"],
    ["/verificar/*", "verificar.html"],
    ["/inscricao", "inscricao.html"],
  ] as const) {
    if (existsSync(path.join(webDist, "prerendered", file))) {
      app.get(
        route,
        cacheFor("no-cache"),
        serveStatic({ root: webDist, path: `prerendered/${file}`, precompressed: true }),
      );
    }
  }
  // /aluno/pagamento and the Painel, signed in: drawn with the user's data (decision 102); else as below.
  mountScreensWithData(app, webDist);
  // The signed-in screens' HTML (apps/web/prerender.mjs, decision 091): each screen's names its own page
  // and its area's chunks, so a student's screen never fetches the staff area's code; screens.json lists
  // the exact paths first, then each area's "/*".
  const screensFile = path.join(webDist, "prerendered", "screens.json");
  const screens: Record<string, string> = existsSync(screensFile) ? JSON.parse(readFileSync(screensFile, "utf8")) : {};
  // A screen's own HTML carries its frame (decision 102): a visitor without a session gets the area's,
  // which has none, and goes to the sign-in page without first seeing the screen they cannot open.
  const areaOf = (route: string) =>
    Object.entries(screens).find(([area]) => area.endsWith("/*") && `${route}/`.startsWith(area.slice(0, -1)))?.[1];
  for (const [route, file] of Object.entries(screens)) {
    const area = areaOf(route);
    const signedOut =
      area && area !== file ? serveStatic({ root: webDist, path: `prerendered/${area}`, precompressed: true }) : null;
    app.get(
      route,
      cacheFor("no-cache"),
      async (c, next) => {
        if (!signedOut) return next();
        c.header("Vary", "Cookie");
        return (await hasSessionCookie(c)) ? next() : signedOut(c, next);
      },
      serveStatic({ root: webDist, path: `prerendered/${file}`, precompressed: true }),
    );
  }
  app.use("*", cacheFor("no-cache"), serveStatic({ root: webDist, precompressed: true }));
  app.get("*", cacheFor("no-cache"), serveStatic({ root: webDist, path: "index.html", precompressed: true }));
}
