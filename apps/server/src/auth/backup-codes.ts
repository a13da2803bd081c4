import { randomInt } from "node:crypto";
import { UNAMBIGUOUS_ALPHABET } from "@app/shared/certificate-number";
import { type SecretConfig, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";

/**
 * Backup codes people copy from paper (decision 086): upper case, no look-alikes (no 0/O, 1/I/L), two
 * groups of five. Typed in any case, with or without the dash and spaces, they still match, and so do
 * the mixed-case codes the plugin made before (`kUxSi-5BFLl`): both sides are compared in one canonical form.
 */
const GROUP = 5;

/** New codes from the certificates' alphabet (31^10 ≈ 2^49 each), shown as `ABCDE-FGHJK`. */
export function newBackupCodes(amount: number): string[] {
  return Array.from({ length: amount }, () => {
    const chars = Array.from({ length: 2 * GROUP }, () => UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)]);
    return `${chars.slice(0, GROUP).join("")}-${chars.slice(GROUP).join("")}`;
  });
}

/**
 * The form a code is compared in: letters and digits only, upper case, and the look-alikes folded
 * (O → 0; I and L → 1), so 'kuxsi 5bfll', 'KUXSI-5BFLI' and the issued 'kUxSi-5BFLl' are one code.
 */
export function canonicalBackupCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/**
 * The plugin's storage of a user's codes (its JSON list, encrypted with the auth secret as its own
 * "encrypted" mode does), read back in the canonical form: the plugin then compares the canonical typed
 * code with canonical codes, and saves the rest canonical after one is used.
 */
export function backupCodeStorage(key: () => Promise<string | SecretConfig>) {
  return {
    encrypt: async (json: string) => symmetricEncrypt({ key: await key(), data: json }),
    decrypt: async (stored: string) => {
      const codes: unknown = JSON.parse(await symmetricDecrypt({ key: await key(), data: stored }));
      return JSON.stringify(Array.isArray(codes) ? codes.map((c) => canonicalBackupCode(String(c))) : []);
    },
  };
}
