import { MAX_JSON_BODY_BYTES } from "@app/shared/limits";
import { REFERENCE_SIGNATURE_INVALID, REFERENCES_OFF, REQUEST_TOO_LARGE } from "@app/shared/messages";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/env";
import { ApiError } from "../../http/errors";
import { readAtMost } from "../../http/read-at-most";

/** The webhook's body limit, whatever its Content-Type (decision 079): a payment object is a few hundred bytes. */
export const WEBHOOK_MAX_BYTES = MAX_JSON_BODY_BYTES;

/**
 * References off (PROXYPAY_* unset, decision 084): 503 before anything is read. Without the key the
 * signature cannot be checked, so nothing is recorded and nothing acknowledged: the payment stays listed
 * at the provider, and the poll records it once references are on again.
 *
 * The provider's notification is public (no session; no cookie, so the origin check lets it pass), so
 * anyone can send it anything (decision 079). In this order, before anything is parsed:
 * 1. no signature header, or not the signature's shape: 401 before one byte of the body is read;
 * 2. a Content-Length above 64 KB: 413, unread;
 * 3. the body read as it arrives and counted: past 64 KB, 413 and no more is read (multipart, text or
 *    none: the content type changes nothing);
 * 4. the signature over the raw body: 401 when it does not match, logged, nothing changes.
 * The body read is put back for the route's JSON parsing. What a refused client still sends is what the
 * HTTP server discards to keep the connection usable (at most 64 MiB or 500 ms, then it closes it): it
 * is never held in memory.
 */
export const signedWebhookBody = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const { references } = c.get("deps");
  if (!references) {
    c.get("log").warn("reference payment notification refused: references are off; it stays at the provider");
    throw ApiError.of(503, REFERENCES_OFF);
  }
  const log = c.get("log");
  const signature = c.req.header("x-signature");
  if (!references.provider.signatureWellFormed(signature)) {
    log.warn("reference payment notification refused unread: no well-formed signature");
    throw ApiError.of(401, REFERENCE_SIGNATURE_INVALID);
  }
  const length = c.req.header("content-length");
  if (length !== undefined && !(Number(length) <= WEBHOOK_MAX_BYTES)) throw ApiError.of(413, REQUEST_TOO_LARGE);
  const body = await readAtMost(c.req.raw.body, WEBHOOK_MAX_BYTES);
  if (!body) {
    log.warn("reference payment notification refused: body above the limit");
    throw ApiError.of(413, REQUEST_TOO_LARGE);
  }
  const raw = new TextDecoder().decode(body);
  if (!references.provider.verifySignature(raw, signature)) {
    log.warn({ bytes: body.byteLength }, "reference payment notification refused: bad signature");
    throw ApiError.of(401, REFERENCE_SIGNATURE_INVALID);
  }
  c.req.raw = new Request(c.req.raw, { body });
  await next();
};
