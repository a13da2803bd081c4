import type { EnrollmentEventKind } from "@app/shared/enrollment-review";
import { formatAngolanMobile } from "@app/shared/phones";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { enrollments } from "../../db/schema";
import { recordEvent } from "../enrollments/enrollment-history";

/** An SMS line in the enrolment's History ('SMS enviado / entregue / não entregue'), its status kept. */
export async function smsHistoryLine(
  tx: Tx,
  enrollmentId: string,
  kind: Extract<EnrollmentEventKind, "sms_sent" | "sms_delivered" | "sms_failed">,
  note: string | null,
) {
  const [row] = await tx
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  if (row) await recordEvent(tx, enrollmentId, { fromStatus: row.status, toStatus: row.status, kind, note });
}

/** The note of 'SMS não entregue': why. */
export const smsFailureNote = (reason: string) => `Motivo: ${reason}`;

/** +244923456789 → +244 923 456 789. */
export const phoneLabel = (e164: string) => `+244 ${formatAngolanMobile(e164.replace(/^\+244/, ""))}`;
