import { MAX_JSON_BODY_BYTES } from "@app/shared/limits";
import { REQUEST_TOO_LARGE } from "@app/shared/messages";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * Decision 048: every API request body except a multipart upload is refused (413) past 64 KB before
 * anything reads it: by its Content-Length at once, or, sent chunked without one, as soon as the 64 KB
 * have arrived. Multipart bodies pass on to the upload routes' own limits (three 5 MB documents, a
 * 5 MB receipt or curriculum); a route that declares JSON answers a multipart body 415 without reading it.
 * `ownLimit`: paths whose route refuses past the same size in its own words (the credential file, 'Ficheiro
 * muito grande').
 */
export function jsonBodyLimit(ownLimit: string[] = []): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw ApiError.of(413, REQUEST_TOO_LARGE);
    },
  });
  const skip = new Set(ownLimit);
  return (c, next) => {
    // No body (every GET): decided from the headers alone. Touching `c.req.raw.body`, as bodyLimit does,
    // makes @hono/node-server build a whole Request, which cost the catalogue about half its throughput.
    const length = c.req.header("content-length");
    if ((length === undefined || length === "0") && c.req.header("transfer-encoding") === undefined) return next();
    if (MULTIPART.test(c.req.header("content-type") ?? "") || skip.has(c.req.path)) return next();
    return limit(c, next);
  };
}
