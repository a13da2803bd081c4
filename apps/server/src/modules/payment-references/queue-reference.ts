import { REFERENCE_DEFAULT_DAYS } from "@app/shared/schemas/enrollment-review";
import type { Tx } from "../../db/client";
import { paymentReferences } from "../../db/schema";
import { enrollmentBalance } from "../payment-recording/balance";
import type { PaymentReferences } from "./references-setup";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * In the caller's transaction (an approval, a renewal, a payment short of the price): a reference row
 * 'creating' for what the enrolment still owes (the course's price less what was paid, decision 083), valid
 * `validDays` from now, and the job that gets it from the provider. The request never waits on it.
 */
export async function queueReference(
  tx: Tx,
  references: PaymentReferences,
  enrollment: { id: string; courseId: string },
  validDays = REFERENCE_DEFAULT_DAYS,
) {
  const { balance } = await enrollmentBalance(tx, enrollment);
  const [row] = await tx
    .insert(paymentReferences)
    .values({
      enrollmentId: enrollment.id,
      entity: references.provider.entity,
      amount: balance,
      endsAt: new Date(Date.now() + validDays * DAY_MS),
    })
    .returning();
  await references.jobs.enqueue(tx, [{ action: "create", paymentReferenceId: row!.id }]);
  return row!;
}
