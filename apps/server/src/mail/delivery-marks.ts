import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { enrollments } from "../db/schema";
import type { MailMessage } from "./mailer";

/**
 * What a delivered e-mail makes true (decision 084): an e-mail carrying an enrolment's reference code
 * marks the code sent, so 'Aprovado (Código Enviado)' shows only once it was. Kept with the job, read by
 * the worker after the mail server accepted the message (or the outbox holds it).
 */
export interface DeliveryMark {
  /** The enrolment whose reference code this e-mail carries. */
  referenceCodeOf: string;
}

/** An e-mail on the queue: the message, and what its delivery marks. */
export interface QueuedMail extends MailMessage {
  delivered?: DeliveryMark;
}

/** The first delivery sets payment_reference_sent_at; later ones (a renewed reference's e-mail) keep it. */
export async function markDelivered(db: Database, mark: DeliveryMark) {
  await db
    .update(enrollments)
    .set({ paymentReferenceSentAt: new Date() })
    .where(and(eq(enrollments.id, mark.referenceCodeOf), isNull(enrollments.paymentReferenceSentAt)));
}
