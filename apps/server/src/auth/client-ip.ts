import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../http/env";

/**
 * The client's IP: the socket's address, unless TRUST_PROXY is set, in which case the last
 * X-Forwarded-For entry (the one our own proxy appended; a client can only prepend entries).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("deps").config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
