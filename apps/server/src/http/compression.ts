import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "./env";

/** Answers smaller than this go as they are: gzip's header and the CPU cost more than they save. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Decision 059: /api answers gzip-compressed per Accept-Encoding (hono's compress(), which also sets
 * `Vary: Accept-Encoding`). Its threshold reads Content-Length, which c.json() does not set, so a JSON
 * answer is measured first (it is one string in memory already), only for a client that may take gzip:
 * re-wrapping an answer turns its body into a stream, which @hono/node-server writes more slowly than the
 * string it had. A streamed answer (a CSV export) has no length and is compressed as it streams. Types
 * that are compressed already (XLSX, images, PDF) and 304s (no body) go as they are.
 */
export function apiCompression(): MiddlewareHandler<AppEnv> {
  const gzip = compress({ encoding: "gzip", threshold: COMPRESSION_THRESHOLD_BYTES });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      if (!/gzip|\*/i.test(c.req.header("Accept-Encoding") ?? "")) return;
      // Headers and status only: reading `body` would already turn a string answer into a stream.
      const res = c.res;
      if (res.status === 204 || res.status === 304 || res.headers.has("Content-Length")) return;
      if (!res.headers.get("Content-Type")?.startsWith("application/json")) return;
      const bytes = new Uint8Array(await res.arrayBuffer());
      c.res = new Response(bytes, res);
      c.res.headers.set("Content-Length", String(bytes.byteLength));
    });
}
