import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { formatCertificateNumber } from "@app/shared/certificate-number";
import { CREDENTIAL_TAMPERED, CREDENTIAL_UNREADABLE } from "@app/shared/messages";
import { workloadLabel } from "@app/shared/rules";
import type {
  CredentialFile,
  IssuerProfile,
  issuerPublicKeySchema,
  OpenBadgeCredential,
} from "@app/shared/schemas/certificates";
import type { z } from "@app/shared/zod";
import { calculateJwkThumbprint, type JWK, jwtVerify, SignJWT } from "jose";
import type { Config } from "../../config";
import { ApiError } from "../../http/errors";
import type { CertificateSnapshot } from "./certificate-pdf";

/**
 * Open Badges 3.0 credentials of our certificates (decision 040): an OpenBadgeCredential (alias
 * AchievementCredential) secured with the VC-JWT proof format of OB 3.0 §8.2 — a compact JWS whose
 * payload is the credential itself plus the registered claims iss, jti and nbf, signed with the
 * institute's Ed25519 key (alg EdDSA; the header names the key by its JWK thumbprint and carries the
 * public JWK). The public key is published at GET /api/verify/issuer.
 */

export const OB3_CONTEXT = [
  "https://www.w3.org/ns/credentials/v2",
  "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
] as const;

/** What a certificate's credential states (its id and snapshot). */
export interface CredentialFacts extends CertificateSnapshot {
  certificateId: string;
}

export interface IssuerKeys {
  privateKey: KeyObject;
  publicJwk: z.infer<typeof issuerPublicKeySchema>;
  kid: string;
}

const keysByPem = new Map<string, Promise<IssuerKeys>>();

/** The signing key of the configuration and its public JWK (derived once per key). */
export function issuerKeys(config: Pick<Config, "credentialSigningKey">): Promise<IssuerKeys> {
  let keys = keysByPem.get(config.credentialSigningKey);
  if (!keys) {
    keys = (async () => {
      const privateKey = createPrivateKey(config.credentialSigningKey);
      const jwk = createPublicKey(privateKey).export({ format: "jwk" }) as JWK;
      const kid = await calculateJwkThumbprint(jwk);
      const publicJwk = { kty: "OKP", crv: "Ed25519", x: jwk.x!, kid, alg: "EdDSA", use: "sig" } as const;
      return { privateKey, kid, publicJwk };
    })();
    keysByPem.set(config.credentialSigningKey, keys);
  }
  return keys;
}

export const issuerId = (baseUrl: string) => `${baseUrl}/api/verify/issuer`;

/**
 * Who a credential names as its issuer and where its links point: the kept issuer identity
 * (issuer.ts, decision 065), and BASE_URL as it is when the credential is signed.
 */
export interface Issuance {
  issuerId: string;
  baseUrl: string;
}
export const verifyPageUrl = (baseUrl: string, number: string) =>
  `${baseUrl}/verificar/${formatCertificateNumber(number)}`;

/** Luanda is UTC+1 all year: a calendar date as the instant it starts there. */
const luandaMidnight = (date: string) => `${date}T00:00:00+01:00`;

/** The issuer's OB 3.0 Profile with its public key (JWKS), as GET /api/verify/issuer answers it. */
export async function issuerProfile(
  config: Pick<Config, "credentialSigningKey">,
  issuance: Issuance,
  name: string,
): Promise<IssuerProfile> {
  const { publicJwk } = await issuerKeys(config);
  return {
    "@context": [...OB3_CONTEXT],
    id: issuance.issuerId,
    type: ["Profile"],
    name,
    url: issuance.baseUrl,
    jwks: { keys: [publicJwk] },
  };
}

/** The OB 3.0 credential of a certificate (unsigned). */
export function buildCredential(
  { issuerId, baseUrl }: Issuance,
  instituteName: string,
  f: CredentialFacts,
): OpenBadgeCredential {
  const number = formatCertificateNumber(f.number);
  const length = workloadLabel(f.workloadHours, f.durationMonths);
  return {
    "@context": [...OB3_CONTEXT],
    id: `urn:uuid:${f.certificateId}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: `Certificado de conclusão: ${f.courseName}`,
    issuer: { id: issuerId, type: ["Profile"], name: instituteName, url: baseUrl },
    validFrom: luandaMidnight(f.issueDate),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityType: "name", hashed: false, identityHash: f.studentName }],
      activityEndDate: luandaMidnight(f.completionDate),
      achievement: {
        id: `${baseUrl}/verificar/${number}#curso`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: f.courseName,
        description: `Curso de ${length} concluído com aproveitamento.`,
        criteria: { narrative: `Conclusão do curso «${f.courseName}» (${length}), avaliada pelo professor da turma.` },
      },
    },
    evidence: [
      {
        id: verifyPageUrl(baseUrl, f.number),
        type: ["Evidence"],
        name: `Certificado n.º ${number}`,
        narrative: `Verifique este certificado em ${verifyPageUrl(baseUrl, f.number)}`,
      },
    ],
  };
}

export type Credential = OpenBadgeCredential;

/** The downloadable file certificado-{number}.json: the credential, readable, and its signed compact JWS. */
export async function signedCredentialFile(
  config: Pick<Config, "credentialSigningKey">,
  issuance: Issuance,
  instituteName: string,
  facts: CredentialFacts,
): Promise<CredentialFile> {
  const credential = buildCredential(issuance, instituteName, facts);
  const { privateKey, kid, publicJwk } = await issuerKeys(config);
  const jwt = await new SignJWT({ ...credential })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", kid, jwk: publicJwk })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(new Date(credential.validFrom))
    .sign(privateKey);
  return { credential, proof: { type: "VC-JWT", format: "Open Badges 3.0 §8.2" }, jwt };
}

const REGISTERED_CLAIMS = ["iss", "jti", "nbf", "iat", "exp", "sub", "aud"];

/** Stable JSON for a deep comparison (object keys sorted). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Checks a credential file (or `{ jwt }`, or the bare compact JWS as a JSON string) against our public
 * key: 400 CREDENTIAL_UNREADABLE when there is no token or it names no certificate of ours, 422
 * CREDENTIAL_TAMPERED when the signature fails or the readable credential beside the token was edited.
 * Any issuer identity our key signed is ours (decision 065): the kept one, and the BASE_URL of the day
 * for credentials signed before it was kept; `iss` must only agree with the credential's issuer.
 * Returns the certificate id and the credential the token carries.
 */
export async function verifyCredentialFile(
  config: Pick<Config, "credentialSigningKey">,
  body: unknown,
): Promise<{ certificateId: string; credential: Credential }> {
  const jwt =
    typeof body === "string" ? body : body && typeof body === "object" ? (body as { jwt?: unknown }).jwt : undefined;
  if (typeof jwt !== "string" || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(jwt.trim())) {
    throw ApiError.of(400, CREDENTIAL_UNREADABLE);
  }
  const { privateKey } = await issuerKeys(config);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(jwt.trim(), createPublicKey(privateKey), { algorithms: ["EdDSA"] }));
  } catch {
    throw ApiError.of(422, CREDENTIAL_TAMPERED);
  }
  const signed = Object.fromEntries(Object.entries(payload).filter(([k]) => !REGISTERED_CLAIMS.includes(k)));
  const issuer = signed.issuer as { id?: unknown; url?: unknown } | undefined;
  if (typeof payload.iss !== "string" || payload.iss !== issuer?.id || typeof issuer.url !== "string") {
    throw ApiError.of(400, CREDENTIAL_UNREADABLE);
  }
  const shown = body && typeof body === "object" ? (body as { credential?: unknown }).credential : undefined;
  if (shown !== undefined && !sameJson(shown, signed)) throw ApiError.of(422, CREDENTIAL_TAMPERED);
  const certificateId = typeof signed.id === "string" ? UUID.exec(signed.id)?.[1]?.toLowerCase() : undefined;
  if (!certificateId) throw ApiError.of(400, CREDENTIAL_UNREADABLE);
  return { certificateId, credential: signed as Credential };
}

const UUID = /^urn:uuid:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Deep equality of two JSON values, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
