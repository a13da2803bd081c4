import { CLASS_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@app/shared/enums";
import { classAssignedNote, paymentConfirmedNote } from "@app/shared/history-notes";
import {
  balanceChanged,
  CLASS_NOT_OF_COURSE,
  classFull,
  classNotActive,
  ENROLLMENT_HAS_CLASS,
} from "@app/shared/messages";
import { toCents } from "@app/shared/payment-balance";
import {
  type assignClassSchema,
  CONFIRM_PAYMENT_MESSAGES,
  type confirmPaymentSchema,
} from "@app/shared/schemas/enrollment-review";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../../db/client";
import { classes, enrollments } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import { enrollmentBalance } from "../../payment-recording/balance";
import { deskPaymentEmail } from "../../payment-recording/payment-emails";
import { decidePayment, type RecordingDeps, recordPayment } from "../../payment-recording/record-payment";
import { ENROLLMENT_NOT_FOUND, getEnrollmentDetail } from "../enrollment-admin.queries";
import { lockForAction, recordEvent } from "../enrollment-history";

/** Classes a student can join (SPEC §7 classes lookup): the course's active classes with a free seat. */
const joinable = (courseId: string) =>
  and(eq(classes.courseId, courseId), eq(classes.status, "active"), lt(classes.currentStudents, classes.maxStudents));

/** The classes offered in 'Confirmar pagamento' and 'Atribuir turma', earliest start first. */
export async function listEnrollableClasses(db: Database, enrollmentId: string) {
  const [enrollment] = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  if (!enrollment) throw ENROLLMENT_NOT_FOUND();
  const rows = await db
    .select()
    .from(classes)
    .where(joinable(enrollment.courseId))
    .orderBy(asc(classes.startDate), asc(classes.name));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    classType: c.classType,
    location: c.location,
    schedule: c.schedule,
    startDate: c.startDate,
    endDate: c.endDate,
    maxStudents: c.maxStudents,
    currentStudents: c.currentStudents,
    status: c.status,
  }));
}

const CLASS_FIELD = (message: string) => ApiError.invalid([{ path: "classId", message }]);

/**
 * Takes one seat with a single conditional UPDATE: it passes only while current_students <
 * max_students, so however many confirmations run at once the class never overfills; the ones that
 * find it full get a 409. Returns the class name.
 */
async function takeSeat(tx: Tx, classId: string, courseId: string): Promise<string> {
  const [taken] = await tx
    .update(classes)
    .set({ currentStudents: sql`${classes.currentStudents} + 1` })
    .where(and(eq(classes.id, classId), joinable(courseId)))
    .returning({ name: classes.name });
  if (taken) return taken.name;

  const [cls] = await tx.select().from(classes).where(eq(classes.id, classId));
  if (!cls) throw CLASS_FIELD(CONFIRM_PAYMENT_MESSAGES.classId);
  if (cls.courseId !== courseId) throw CLASS_FIELD(CLASS_NOT_OF_COURSE.message);
  if (cls.status !== "active") throw ApiError.of(409, classNotActive(cls.name, CLASS_STATUS_LABELS[cls.status]));
  throw ApiError.of(409, classFull(cls.name));
}

/**
 * 'Confirmar pagamento' (SPEC §4 approved → enrolled), recorded through the one payment rule (decisions
 * 079, 083, 088), in one transaction: the enrolment row locked and still payable at the desk, and still
 * owing what staff saw (`expectedBalance`; else 409, so a second click records nothing); its balance
 * (price less the payments recorded) decides. A payment that enrols (the balance, above it, or short with
 * the difference accepted) takes a seat in the chosen class of the same course and gives the enrolment its
 * class; one short of it that waits for the balance takes none. The payment is recorded as the desk records
 * it ('confirmed', the method chosen, staff's notes), with History and the student's e-mail.
 */
export async function confirmPayment(
  deps: RecordingDeps,
  actorUserId: string,
  id: string,
  input: z.output<typeof confirmPaymentSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, "confirmPayment");
    const before = await enrollmentBalance(tx, row);
    // The desk has no receipt or line to mark done: the balance staff saw is what makes a payment once.
    if (toCents(before.balance) !== toCents(input.expectedBalance)) {
      throw ApiError.of(409, balanceChanged(input.expectedBalance, before.balance));
    }
    const { outcome } = decidePayment(before, input.amount, input.difference);
    const className = outcome === "awaiting_balance" ? null : await seatIn(tx, input.classId, row);
    const method = PAYMENT_METHOD_LABELS[input.method] ?? input.method;
    await recordPayment(tx, deps, actorUserId, row, {
      amount: input.amount,
      paymentDate: input.paymentDate,
      referenceCode: row.paymentReferenceCode,
      method: input.method,
      status: "confirmed",
      notes: input.notes,
      historyNote: paymentConfirmedNote(input.amount, method, className),
      email: className ? deskPaymentEmail(method, className) : undefined,
      difference: input.difference,
    });
  });
  return getEnrollmentDetail(deps.db, id);
}

/** The enrolment joins the class: a seat taken, its class set; the class's name. 400 without a class. */
async function seatIn(tx: Tx, classId: string | null, row: { id: string; courseId: string }): Promise<string> {
  if (!classId) throw CLASS_FIELD(CONFIRM_PAYMENT_MESSAGES.classId);
  const className = await takeSeat(tx, classId, row.courseId);
  await tx.update(enrollments).set({ classId }).where(eq(enrollments.id, row.id));
  return className;
}

/**
 * 'Atribuir turma' (decision 045): an enrolment made 'Matriculado' by a receipt approval has no class.
 * One transaction: the enrolment row is locked and must be enrolled without a class (two staff at once:
 * the second meets the class and gets a 409), a seat is taken with the same conditional update as
 * 'Confirmar pagamento' (a class never overfills), the enrolment gets its class, History one event.
 * The status does not change, so the event is a 'data_edited' one naming the class.
 */
export async function assignClass(
  db: Database,
  actorUserId: string,
  id: string,
  input: z.output<typeof assignClassSchema>,
) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, "assignClass");
    if (row.classId) throw ApiError.of(409, ENROLLMENT_HAS_CLASS);
    const className = await takeSeat(tx, input.classId, row.courseId);
    await tx.update(enrollments).set({ classId: input.classId }).where(eq(enrollments.id, id));
    await recordEvent(tx, id, {
      actorUserId,
      kind: "data_edited",
      fromStatus: row.status,
      toStatus: row.status,
      note: classAssignedNote(className),
    });
  });
  return getEnrollmentDetail(db, id);
}
