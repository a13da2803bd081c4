import type { ReferenceSummary } from "@app/shared/contract/payment-references.schemas";
import { and, count, eq, gt, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { paymentReferences, referencePaymentNotifications } from "../../db/schema";
import type { PaymentReferences } from "./references-setup";
import { openCondition } from "./unmatched-payments.service";

/**
 * GET /admin/payment-references/summary (decision 084): two counts for finance's Painel and menu, cheap
 * enough to ask each minute. `suspended` is counted only while references are off: the references
 * issued before, unpaid and unexpired, that a student may still pay at an ATM (the payment then waits at
 * the provider until references are on again).
 */
export async function referenceSummary(deps: {
  db: Database;
  references?: PaymentReferences;
}): Promise<ReferenceSummary> {
  const { db } = deps;
  const openCount = db.select({ n: count() }).from(referencePaymentNotifications).where(openCondition());
  const suspendedCount = deps.references
    ? Promise.resolve([{ n: 0 }])
    : db
        .select({ n: count() })
        .from(paymentReferences)
        .where(
          and(
            eq(paymentReferences.status, "active"),
            isNotNull(paymentReferences.reference),
            gt(paymentReferences.endsAt, new Date()),
          ),
        );
  const [[open], [suspended]] = await Promise.all([openCount, suspendedCount]);
  return { open: open?.n ?? 0, suspended: suspended?.n ?? 0 };
}
