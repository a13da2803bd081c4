// The zod-free half of the contract only: the public verification page carries no Zod.
import { verifyEndpoints } from "@app/shared/contract/verify";
import { type AnswerOf, api } from "../../../lib/api";

export type Verification = AnswerOf<typeof verifyEndpoints.number>;
export type CredentialVerification = AnswerOf<typeof verifyEndpoints.credential>;

/** Public: what the institute's records say about a certificate number (any case, with or without dashes). */
export function verifyNumber(number: string, signal?: AbortSignal): Promise<Verification> {
  return api(verifyEndpoints.number, { params: { number }, signal });
}

/** Public: checks a downloaded Open Badges credential (its signature and our record). */
export function verifyCredential(credential: unknown): Promise<CredentialVerification> {
  return api(verifyEndpoints.credential, { body: credential });
}
