import { hashTemporaryPasswords } from "../../auth/password-hashing";
import { generateStudentPassword } from "../student-accounts/credentials";
import type { TemporaryPasswords } from "./import-plan";

/** `count` temporary passwords drawn and hashed at the temporary cost (decision 097, "Scale"). */
async function drawn(count: number) {
  const passwords = Array.from({ length: count }, generateStudentPassword);
  const hashes = await hashTemporaryPasswords(passwords);
  return passwords.map((password, i) => ({ password, hash: hashes[i]! }));
}

/**
 * The temporary passwords of an import's new accounts, hashed before its transaction opens (so neither the
 * transaction nor the import's lock waits for them). The count comes from a plan made before the lock: when
 * the plan under the lock needs more (another import or a deletion in between), the rest are hashed then.
 */
export async function temporaryPasswords(count: number): Promise<TemporaryPasswords> {
  const ready = await drawn(count);
  return {
    take: async (wanted) => {
      const taken = ready.splice(0, wanted);
      return taken.length < wanted ? [...taken, ...(await drawn(wanted - taken.length))] : taken;
    },
  };
}
