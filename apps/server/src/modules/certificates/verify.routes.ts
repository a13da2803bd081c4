import { CREDENTIAL_TOO_LARGE } from "@app/shared/messages";
import {
  CREDENTIAL_MAX_BYTES,
  certificateVerificationSchema,
  credentialVerificationSchema,
} from "@app/shared/schemas/certificates";
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { clientIp } from "../../auth/client-ip";
import { COUNTERS, takeAttempt } from "../../auth/rate-limit";
import { ApiError, errorResponse } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { getInstituteSettings } from "../settings/settings.service";
import { verifyCredential, verifyNumber } from "./certificates.service";
import { issuerProfile } from "./credential";

/* Public certificate verification (no login): rate-limited per IP and logged (decision 040). */

const tooMany = { 429: errorResponse("Too many verifications from this address: wait (Retry-After)") };

const issuer = createRoute({
  method: "get",
  path: "/verify/issuer",
  tags: ["verification"],
  summary:
    "The institute as an Open Badges 3.0 issuer Profile, with the public key (JWKS) that verifies its credentials",
  responses: {
    200: { description: "Issuer profile", content: { "application/json": { schema: z.any() } } },
  },
});

const byNumber = createRoute({
  method: "get",
  path: "/verify/{number}",
  tags: ["verification"],
  summary:
    "Checks a certificate number (any case, with or without dashes): valid, revoked (with the date) or not_found, and what was issued",
  request: { params: z.object({ number: z.string().max(100) }) },
  responses: {
    200: {
      description: "The verification",
      ...json(component("CertificateVerification", certificateVerificationSchema)),
    },
    ...tooMany,
  },
});

const credentialBodyLimit = () =>
  bodyLimit({
    maxSize: CREDENTIAL_MAX_BYTES,
    onError: () => {
      throw ApiError.of(413, CREDENTIAL_TOO_LARGE);
    },
  });

/** Its body is a file: its own 64 KB limit names the file ('Ficheiro muito grande'), not the request. */
export const CREDENTIAL_VERIFICATION_PATH = "/verify/credential";

const byCredential = createRoute({
  method: "post",
  path: CREDENTIAL_VERIFICATION_PATH,
  tags: ["verification"],
  middleware: [credentialBodyLimit()] as const,
  summary:
    "Checks a downloaded credential file (JSON ≤ 64 KB): its signature must be the institute's and its content unedited; then the certificate's state and whether the file matches the record",
  description:
    "The body is the file certificado-{number}.json as downloaded ({ credential, jwt }), or { jwt }. It is read by the handler, so a body that is not JSON answers the same 400 as a file without a token.",
  responses: {
    200: {
      description: "Signature valid; the certificate's state",
      ...json(component("CredentialVerification", credentialVerificationSchema)),
    },
    400: errorResponse("Not a credential of the institute (no signed token)"),
    413: errorResponse("Larger than 64 KB"),
    422: errorResponse("The signature does not match the content: tampered, or not issued by the institute"),
    ...tooMany,
  },
});

export const verifyRoutes = createRouter()
  .openapi(issuer, async (c) => {
    const { db, config } = c.get("deps");
    const { name } = await getInstituteSettings(db);
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await issuerProfile(config, name), 200);
  })
  .openapi(byNumber, async (c) => {
    const { db } = c.get("deps");
    await takeAttempt(db, COUNTERS.certificateVerification(clientIp(c)));
    const answer = await verifyNumber(db, c.req.valid("param").number);
    c.get("log").info({ number: answer.number, result: answer.result }, "certificate verification");
    c.header("Cache-Control", "no-store");
    return c.json(answer, 200);
  })
  .openapi(byCredential, async (c) => {
    const { db, config } = c.get("deps");
    await takeAttempt(db, COUNTERS.certificateVerification(clientIp(c)));
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      body = undefined;
    }
    try {
      const answer = await verifyCredential({ db, config }, body);
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
  });
