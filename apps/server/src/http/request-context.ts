import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { routeTemplate } from "./route-template";

const current = new AsyncLocalStorage<Context<AppEnv>>();

/** A request id a trusted proxy may pass on: short, letters, digits, '-', '_', '.', ':' only. */
const FORWARDED_ID = /^[\w.:-]{1,100}$/;

/**
 * Gives each request an id (the one our own proxy sent in X-Request-Id when TRUST_PROXY is set, else a
 * new one), answers it in X-Request-Id, and runs the rest of the request where the logger finds it
 * (requestLogFields): every log line of the request carries its id, route and user.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const forwarded = c.get("deps").config.trustProxy ? c.req.header("x-request-id") : undefined;
    const id = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await current.run(c, next);
  };
}

/** What the logger adds to a line written during a request (logger.ts's mixin); nothing outside one. */
export function requestLogFields(): Record<string, string> {
  const c = current.getStore();
  if (!c) return {};
  const fields: Record<string, string> = { reqId: c.get("requestId"), route: routeTemplate(c) };
  const userId = c.get("session")?.user?.id;
  if (userId) fields.userId = userId;
  return fields;
}
