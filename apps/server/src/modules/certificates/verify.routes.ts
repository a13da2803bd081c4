import { verifyEndpoints as endpoints } from "@app/shared/contract/verify";
import { verifySchemas as schemas } from "@app/shared/contract/verify.schemas";
import { CREDENTIAL_TOO_LARGE, CREDENTIAL_UNREADABLE } from "@app/shared/messages";
import { CREDENTIAL_MAX_BYTES } from "@app/shared/schemas/certificates";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { clientIp } from "../../auth/client-ip";
import { COUNTERS, takeAttempt } from "../../auth/rate-limit";
import { route } from "../../http/contract";
import type { AppEnv } from "../../http/env";
import { ApiError } from "../../http/errors";
import { createRouter } from "../../http/router";
import { issuerOf, verifyCredential, verifyNumber } from "./certificates.service";

/* Public certificate verification (no login): rate-limited per IP and logged (decision 040). */

const tags = ["verification"];

/** Its body is a file: its own 64 KB limit names the file ('Ficheiro muito grande'), not the request. */
export const CREDENTIAL_VERIFICATION_PATH = endpoints.credential.path;

const credentialBodyLimit = () =>
  bodyLimit({
    maxSize: CREDENTIAL_MAX_BYTES,
    onError: () => {
      throw ApiError.of(413, CREDENTIAL_TOO_LARGE);
    },
  });

/** The body is the visitor's file: one that is not JSON is "not a credential of the institute", not a bad request. */
const credentialJson = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  try {
    JSON.parse(await c.req.text());
  } catch {
    throw ApiError.of(400, CREDENTIAL_UNREADABLE);
  }
  await next();
};

export const verifyRoutes = createRouter()
  .openapi(route(endpoints.issuer, schemas.issuer, { tags }), async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await issuerOf(c.get("deps")), 200);
  })
  .openapi(route(endpoints.number, schemas.number, { tags }), async (c) => {
    const { db } = c.get("deps");
    await takeAttempt(db, COUNTERS.certificateVerification(clientIp(c)));
    const answer = await verifyNumber(db, c.req.valid("param").number);
    c.get("log").info({ number: answer.number, result: answer.result }, "certificate verification");
    c.header("Cache-Control", "no-store");
    return c.json(answer, 200);
  })
  .openapi(
    route(endpoints.credential, schemas.credential, { middleware: [credentialBodyLimit(), credentialJson()], tags }),
    async (c) => {
      const { db, config } = c.get("deps");
      await takeAttempt(db, COUNTERS.certificateVerification(clientIp(c)));
      try {
        const answer = await verifyCredential({ db, config }, c.req.valid("json"));
        c.get("log").info(
          { number: answer.number, result: answer.result, matches: answer.matchesRecord },
          "credential verification",
        );
        c.header("Cache-Control", "no-store");
        return c.json(answer, 200);
      } catch (err) {
        if (err instanceof ApiError) c.get("log").info({ code: err.code }, "credential verification refused");
        throw err;
      }
    },
  );
