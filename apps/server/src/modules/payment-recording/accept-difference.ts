import { differenceAcceptedNote } from "@app/shared/history-notes";
import { ENROLLMENT_NOT_FOUND, NO_DIFFERENCE_TO_ACCEPT } from "@app/shared/messages";
import { toCents } from "@app/shared/payment-balance";
import type { EnrollmentBalance } from "@app/shared/schemas/payments";
import { and, desc, eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { courses, enrollments, payments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { recordEvent } from "../enrollments/enrollment-history";
import { dropReferences } from "../payment-references/drop-references";
import { enrollmentBalance, RECEIVED, receivedPayments } from "./balance";
import { differenceAcceptedEmail, enqueueStudentEmail } from "./payment-emails";
import { lockEnrollment, type RecordingDeps } from "./record-payment";

/**
 * An enrolment's balance as the payment dialogs and 'Saldos em falta' show it (decision 083): due, paid,
 * what is still owed and each payment received; 404 when there is no such enrolment.
 */
export async function readBalance(db: Database | Tx, enrollmentId: string): Promise<EnrollmentBalance> {
  const [e] = await db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      studentName: enrollments.studentName,
      studentPhone: enrollments.studentPhone,
      courseName: courses.name,
      paymentReferenceCode: enrollments.paymentReferenceCode,
      status: enrollments.status,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, enrollmentId));
  if (!e) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
  const [balance, received] = await Promise.all([enrollmentBalance(db, e), receivedPayments(db, [enrollmentId])]);
  const { id, courseId: _, ...shown } = e;
  return {
    enrollmentId: id,
    ...shown,
    ...balance,
    payments: received.map(({ enrollmentId: _, ...p }) => p),
  };
}

/**
 * 'Aceitar a diferença' (decision 083), one transaction: the enrolment locked and still awaiting its
 * balance (partial_payment; a second click waits here, then meets it enrolled: 409); the balance kept on
 * its latest payment as accepted, with the reason, who and when (what Financeiro and its exports show);
 * the enrolment enrolled, its live Multicaixa reference dropped, History, and the student's e-mail.
 */
export async function acceptDifference(deps: RecordingDeps, actorUserId: string, enrollmentId: string, reason: string) {
  const studentEmail = await deps.db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.id, enrollmentId));
    if (!exists) throw ApiError.of(404, ENROLLMENT_NOT_FOUND);
    const enrollment = await lockEnrollment(tx, enrollmentId);
    const { balance } = await enrollmentBalance(tx, enrollment);
    const [latest] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.enrollmentId, enrollmentId), RECEIVED))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    if (enrollment.status !== "partial_payment" || toCents(balance) <= 0 || !latest) {
      throw ApiError.of(409, NO_DIFFERENCE_TO_ACCEPT);
    }
    await tx
      .update(payments)
      .set({
        balanceAfter: balance,
        differenceReason: reason,
        differenceAcceptedBy: actorUserId,
        differenceAcceptedAt: new Date(),
      })
      .where(eq(payments.id, latest.id));
    await tx.update(enrollments).set({ status: "enrolled" }).where(eq(enrollments.id, enrollmentId));
    await dropReferences(tx, deps.references, enrollmentId);
    await recordEvent(tx, enrollmentId, {
      actorUserId,
      fromStatus: enrollment.status,
      toStatus: "enrolled",
      note: differenceAcceptedNote(balance, reason),
    });
    const paid = {
      amount: latest.amount,
      paymentDate: latest.paymentDate,
      referenceCode: enrollment.paymentReferenceCode,
    };
    return enqueueStudentEmail(tx, deps, paid, enrollment, differenceAcceptedEmail);
  });
  return { balance: await readBalance(deps.db, enrollmentId), studentEmail };
}
