import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { enrollments } from "../../../db/schema";
import { unambiguousCode } from "../../student-accounts/credentials";

/** 8 characters from 31: about 8.5 × 10^11 codes, short enough to copy into a transfer description. */
export const REFERENCE_CODE_LENGTH = 8;

/** A payment reference code without look-alikes (no 0/O, no 1/I/L). Cryptographically random. */
export function generateReferenceCode(): string {
  return unambiguousCode(REFERENCE_CODE_LENGTH);
}

/**
 * A code no enrolment uses now, for the approval dialog to propose. Staff may replace it; the
 * approval itself is what reserves a code (the unique index refuses a second use).
 */
export async function proposeReferenceCode(db: Database): Promise<string> {
  for (;;) {
    const code = generateReferenceCode();
    const [taken] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.paymentReferenceCode, code));
    if (!taken) return code;
  }
}
