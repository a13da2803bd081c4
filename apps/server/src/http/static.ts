import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { AppHono } from "./env";

/**
 * Serves the built SPA: hashed assets cached for a year (served pre-compressed when the build made .br/.gz files),
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
    serveStatic({
      root: webDist,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(
    "*",
    serveStatic({
      root: webDist,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "no-cache");
      },
    }),
  );
  app.get(
    "*",
    serveStatic({
      root: webDist,
      path: "index.html",
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "no-cache");
      },
    }),
  );
}
