import type { certificateVerificationSchema, credentialVerificationSchema } from "@app/shared/schemas/certificates";
import type { z } from "@app/shared/zod";
import { api } from "../../../lib/api";

// Types only from the schemas: the public verification page carries no Zod.
export type Verification = z.infer<typeof certificateVerificationSchema>;
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;

/** Public: what the institute's records say about a certificate number (any case, with or without dashes). */
export function verifyNumber(number: string, signal?: AbortSignal): Promise<Verification> {
  return api<Verification>(`/verify/${encodeURIComponent(number)}`, { signal });
}

/** Public: checks a downloaded Open Badges credential (its signature and our record). */
export function verifyCredential(credential: unknown): Promise<CredentialVerification> {
  return api<CredentialVerification>("/verify/credential", { method: "POST", body: credential });
}
