import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentReferences } from "../../db/schema";
import type { PaymentReferences } from "./references-setup";

/**
 * In the caller's transaction (a payment recorded by any way, a renewal, a cancelled enrolment): the
 * enrolment's live references are marked 'deleted' and deleted at the provider by the queue, so that
 * no one pays them any more. Nothing to do while references are off.
 */
export async function dropReferences(tx: Tx, references: PaymentReferences | undefined, enrollmentId: string) {
  if (!references) return;
  const live = await tx
    .update(paymentReferences)
    .set({ status: "deleted" })
    .where(
      and(eq(paymentReferences.enrollmentId, enrollmentId), inArray(paymentReferences.status, ["creating", "active"])),
    )
    .returning({ reference: paymentReferences.reference });
  await references.jobs.enqueue(
    tx,
    live.flatMap((r) => (r.reference ? [{ action: "delete" as const, reference: r.reference }] : [])),
  );
}
