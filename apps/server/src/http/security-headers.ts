import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { type Config, isHttps } from "../config";
import type { AppEnv } from "./env";

/**
 * Decision 013: the browser-side protections on every response (API, SPA, prerendered pages, assets,
 * stored files, errors). The build emits no inline script; Mantine injects inline <style> and style
 * attributes. Images may be data:/blob: (the favicon, document previews, photo compression on a canvas).
 * 'same-origin' referrers: a reset link's token never leaves the site, and our own requests keep the
 * Referer the CSRF check may fall back to.
 */
export function securityHeaders(config: Pick<Config, "baseUrl">): MiddlewareHandler<AppEnv> {
  const https = isHttps(config);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "same-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: { geolocation: [], microphone: [], payment: [], usb: [] },
  });
}
