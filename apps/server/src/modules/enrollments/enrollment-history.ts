import { ENROLLMENT_ACTION_FROM, type EnrollmentAction, wrongStatus } from "@app/shared/enrollment-review";
import type { EnrollmentStatus } from "@app/shared/enums";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { enrollmentEvents, enrollments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { ENROLLMENT_NOT_FOUND } from "./enrollment-admin.queries";

/** What every step on an enrolment shares: the row locked for the step, and its History. */

export type EnrollmentRow = typeof enrollments.$inferSelect;
type EventInput = Omit<typeof enrollmentEvents.$inferInsert, "enrollmentId" | "at">;

/**
 * Locks the enrolment row for the rest of the transaction and checks that `action` may start from its
 * status: two staff acting at once are serialised here, and the second one meets the new status (409).
 */
export async function lockForAction(tx: Tx, id: string, action: EnrollmentAction): Promise<EnrollmentRow> {
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, id)).for("update");
  if (!row) throw ENROLLMENT_NOT_FOUND();
  if (!(ENROLLMENT_ACTION_FROM[action] as readonly EnrollmentStatus[]).includes(row.status)) {
    throw ApiError.of(409, wrongStatus(action, row.status));
  }
  return row;
}

/** One History row. clock_timestamp(): events written in one transaction keep their order. */
export async function recordEvent(tx: Tx, enrollmentId: string, event: EventInput) {
  await tx.insert(enrollmentEvents).values({ ...event, enrollmentId, at: sql`clock_timestamp()` });
}
