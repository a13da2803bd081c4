import { CREDENTIAL_TOO_LARGE, CREDENTIAL_UNREADABLE } from "@app/shared/messages";

/** The largest credential file the server reads (CREDENTIAL_MAX_BYTES of the shared schema, kept out of this Zod-free page). */
export const CREDENTIAL_MAX_BYTES = 64 * 1024;

/**
 * Reads a dropped credential file as JSON, refusing (with the words shown to the visitor) a file too big
 * for the server or one that is not JSON; what it holds is the server's to judge.
 */
export async function readCredentialFile(file: Blob): Promise<unknown> {
  if (file.size > CREDENTIAL_MAX_BYTES) throw new Error(CREDENTIAL_TOO_LARGE.message);
  try {
    return JSON.parse(await file.text());
  } catch {
    throw new Error(CREDENTIAL_UNREADABLE.message);
  }
}
