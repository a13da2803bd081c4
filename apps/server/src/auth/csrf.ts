import { BAD_ORIGIN } from "@app/shared/messages";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env";
import { ApiError } from "../http/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * State-changing requests must come from our own pages: an Origin (or Referer) of another site is
 * refused, and so is a cookie-carrying request that names no origin at all. Requests without cookies
 * and without Origin (API clients, curl) act as nobody, so they pass.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const allowed = new Set([originOf(c.get("deps").config.baseUrl), new URL(c.req.url).origin]);
    const origin = originOf(c.req.header("origin")) ?? originOf(c.req.header("referer"));
    const hasCookie = Boolean(c.req.header("cookie"));
    if ((origin && !allowed.has(origin)) || (!origin && hasCookie)) {
      throw ApiError.of(403, BAD_ORIGIN);
    }
    return next();
  };
}
