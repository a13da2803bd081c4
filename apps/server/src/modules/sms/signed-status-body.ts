import { REQUEST_TOO_LARGE, SMS_OFF, SMS_SIGNATURE_INVALID } from "@app/shared/messages";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/env";
import { ApiError } from "../../http/errors";
import { readAtMost } from "../../http/read-at-most";

/** A status callback is a dozen short form fields: 16 KB is plenty. */
export const SMS_STATUS_MAX_BYTES = 16 * 1024;

/**
 * The provider's status callback is public (no session, no cookie), so anyone can post anything. As the
 * payment webhook (decision 079), in this order and before anything is parsed: SMS off, 503; no
 * signature of the right shape, 401 unread; a declared or counted body above 16 KB, 413 and no more
 * read; the signature over the URL the provider was given and the form fields, 401 when it does not
 * match. The body read is put back for the handler.
 */
export const signedSmsStatusBody = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const { sms } = c.get("deps");
  const log = c.get("log");
  if (!sms) {
    log.warn("sms status callback refused: SMS is off");
    throw ApiError.of(503, SMS_OFF);
  }
  const signature = c.req.header("x-twilio-signature");
  if (!sms.provider.signatureWellFormed(signature)) {
    log.warn("sms status callback refused unread: no well-formed signature");
    throw ApiError.of(401, SMS_SIGNATURE_INVALID);
  }
  const length = c.req.header("content-length");
  if (length !== undefined && !(Number(length) <= SMS_STATUS_MAX_BYTES)) throw ApiError.of(413, REQUEST_TOO_LARGE);
  const body = await readAtMost(c.req.raw.body, SMS_STATUS_MAX_BYTES);
  if (!body) throw ApiError.of(413, REQUEST_TOO_LARGE);
  const fields = new URLSearchParams(new TextDecoder().decode(body));
  // The URL the provider signed is the one we gave it (BASE_URL's), whatever proxy the request came through.
  const url = `${sms.statusCallbackUrl}${new URL(c.req.url).search}`;
  if (!sms.provider.verifyCallback(url, fields, signature)) {
    log.warn({ bytes: body.byteLength }, "sms status callback refused: bad signature");
    throw ApiError.of(401, SMS_SIGNATURE_INVALID);
  }
  c.req.raw = new Request(c.req.raw, { body });
  await next();
};
