import { createHash } from "node:crypto";
import { APP_START_SCRIPT } from "@app/shared/app-start";
import type { MiddlewareHandler } from "hono";
import { type Config, isHttps } from "../config";
import type { AppEnv } from "./env";

/**
 * Decision 013: the browser-side protections on every response. Headers travel uncompressed with
 * every script, stylesheet and JSON answer, and on 3G hundreds of bytes per response showed in the
 * first paint (bench), so:
 * - documents (HTML pages, and stored files, which open in a tab) get the whole page policy: the build
 *   emits no inline script but the public pages' APP_START_SCRIPT, allowed by its hash (decision 096); Mantine injects inline <style> and style attributes; images may be
 *   data:/blob: (the favicon, document previews, photo compression on a canvas);
 * - every other response (assets, API JSON) gets a short policy that allows nothing and may not be
 *   framed: browsers apply a CSP only to documents and workers, so that is all it needs.
 * 'same-origin' referrers: a reset link's token never leaves the site, and our own requests keep the
 * Referer the CSRF check may fall back to.
 */
/** The one inline script of the pages (it starts the app once the page is painted, decision 096). */
const APP_START_HASH = `sha256-${createHash("sha256").update(APP_START_SCRIPT).digest("base64")}`;

export function securityHeaders(config: Pick<Config, "baseUrl">): MiddlewareHandler<AppEnv> {
  const https = isHttps(config);
  const pagePolicy = [
    "default-src 'self'",
    `script-src 'self' '${APP_START_HASH}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const always: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "same-origin"],
    ...(https ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
  const forDocuments: [string, string][] = [
    ["Content-Security-Policy", pagePolicy],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "geolocation=(), microphone=(), payment=(), usb=()"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
  const forOthers: [string, string][] = [["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"]];

  return async (c, next) => {
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    const isDocument = type.startsWith("text/html") || c.req.path.startsWith("/api/files/");
    for (const [name, value] of [...always, ...(isDocument ? forDocuments : forOthers)]) {
      c.res.headers.set(name, value);
    }
  };
}
