import {
  certificateVerificationSchema,
  credentialVerificationSchema,
  issuerProfileSchema,
} from "../schemas/certificates";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

/* Public certificate verification (no login): rate-limited per IP and logged (decision 040). */

const tooMany = { 429: "Too many verifications from this address: wait (Retry-After)" } as const;

export const verifySchemas = endpointSchemas({
  issuer: {
    summary:
      "The institute as an Open Badges 3.0 issuer Profile, with the public key (JWKS) that verifies its credentials",
    answers: { 200: issuerProfileSchema },
  },
  number: {
    summary:
      "Checks a certificate number (any case, with or without dashes): valid, revoked (with the date) or not_found, and what was issued",
    params: z.object({ number: z.string().max(100) }),
    answers: { 200: certificateVerificationSchema },
    errors: tooMany,
  },
  credential: {
    summary:
      "Checks a downloaded credential file (JSON ≤ 64 KB): its signature must be the institute's and its content unedited; then the certificate's state and whether the file matches the record",
    description:
      "The body is the file certificado-{number}.json as downloaded ({ credential, jwt }), or { jwt }, whatever it holds: a file that is not JSON, or holds no signed token, answers 400.",
    // Any JSON: what the visitor's file holds is the handler's to judge (CREDENTIAL_UNREADABLE, CREDENTIAL_TAMPERED).
    body: z.unknown().meta({ description: "The credential file's JSON" }),
    answers: { 200: credentialVerificationSchema },
    errors: {
      400: "Not a credential of the institute (not JSON, or no signed token)",
      413: "Larger than 64 KB",
      422: "The signature does not match the content: tampered, or not issued by the institute",
      ...tooMany,
    },
  },
});
