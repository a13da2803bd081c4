import { randomUUID } from "node:crypto";
import { IMPORTED_PAYMENT_METHOD, type Province } from "@app/shared/enums";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { classes, enrollmentEvents, enrollments, payments, studentAccounts } from "../../db/schema";
import { generateReferenceCode } from "../enrollments/review/reference-code";
import { type Account, type AccountFields, createAccounts, inBatches, unusedCode } from "./import-accounts";
import type { ImportRun } from "./import-plan";

export type { Account } from "./import-accounts";
export type State = "pre_inscrito" | "approved" | "enrolled" | "completed";
export const SEAT_STATES: readonly State[] = ["enrolled", "completed"];
export const IMPORT_NOTE = (line: number) => `Importado da planilha (linha ${line})`;

type Paid = { amount: number; paymentDate: string };

/** A row of the students' sheet planned as a new enrolment (plan-students.ts), written by writeNewEnrolments. */
export type NewEnrolment = {
  line: number;
  /** The student's natural key: the rows of one new student share the account the first one creates. */
  studentKey: string;
  /** The student's existing account, if any. */
  account: Account | undefined;
  accountFields: AccountFields;
  accountSame: boolean;
  fields: {
    studentName: string;
    studentPhone: string;
    studentEmail: string | null;
    birthDate: string;
    fatherName?: string | null;
    motherName: string;
    nationality: string;
    birthPlace: string;
    province: Province;
    municipality: string;
    neighborhood: string;
    qualification: string;
    trainingArea: string;
    schedulePreference: string;
  };
  courseId: string;
  classId: string | null;
  state: State;
  code: string | null;
  grade: number | null;
  payment: Paid | null;
};

/** A payment of the sheet: confirmed, method 'importado', visible in Financeiro and its exports. */
const importedPayment = (enrollmentId: string, paid: Paid, line: number): typeof payments.$inferInsert => ({
  ...paid,
  enrollmentId,
  paymentMethod: IMPORTED_PAYMENT_METHOD,
  status: "confirmed",
  notes: IMPORT_NOTE(line),
});

export async function recordImportedPayment(tx: Tx, enrollmentId: string, paid: Paid, line: number) {
  await tx.insert(payments).values(importedPayment(enrollmentId, paid, line));
}

/**
 * The new enrolments of an import, in multi-row INSERTs (decision 097, "Scale"): existing accounts whose
 * details changed, the new accounts, the enrolments, their imported payments and History events
 * ('Importado da planilha (linha N)'), then each class's seats in one UPDATE. The same rows as writing them
 * one at a time; the unique indexes stay the last word on codes.
 */
export async function writeNewEnrolments(
  tx: Tx,
  run: ImportRun,
  fresh: NewEnrolment[],
  inUse: { studentCodes: Set<string>; referenceCodes: Set<string> },
) {
  const changed = new Map(fresh.filter((e) => e.account && !e.accountSame).map((e) => [e.account!.id, e]));
  for (const [id, e] of changed) {
    await tx.update(studentAccounts).set(e.accountFields).where(sql`${studentAccounts.id} = ${id}`);
  }

  const firstOfStudent = new Map<string, NewEnrolment>();
  for (const e of fresh) if (!e.account && !firstOfStudent.has(e.studentKey)) firstOfStudent.set(e.studentKey, e);
  const keys = [...firstOfStudent.keys()];
  const created = await createAccounts(
    tx,
    run,
    keys.map((k) => firstOfStudent.get(k)!.accountFields),
    inUse.studentCodes,
  );
  const owners = new Map(keys.map((k, i) => [k, created[i]!]));

  for (const e of fresh) if (e.code) inUse.referenceCodes.add(e.code);
  const now = new Date();
  const rows = fresh.map((e) => {
    const owner = e.account ?? owners.get(e.studentKey)!;
    const approved = e.state !== "pre_inscrito";
    const completed = e.state === "completed";
    return {
      ...e.fields,
      id: randomUUID(),
      userId: owner.userId,
      studentAccountId: owner.id,
      courseId: e.courseId,
      classId: e.classId,
      status: e.state,
      approvalDate: approved ? now : null,
      approvedBy: approved ? run.actorUserId : null,
      paymentReferenceCode:
        e.code ?? (e.state === "approved" ? unusedCode(generateReferenceCode, inUse.referenceCodes) : null),
      finalGrade: e.grade,
      resultAt: completed ? now : null,
      resultBy: completed ? run.actorUserId : null,
    };
  });
  await inBatches(rows, (batch) => tx.insert(enrollments).values(batch));
  const paid = fresh.flatMap((e, i) => (e.payment ? [importedPayment(rows[i]!.id, e.payment, e.line)] : []));
  await inBatches(paid, (batch) => tx.insert(payments).values(batch));
  await inBatches(
    fresh.map((e, i) => ({
      enrollmentId: rows[i]!.id,
      actorUserId: run.actorUserId,
      fromStatus: null,
      toStatus: e.state,
      note: IMPORT_NOTE(e.line),
      // clock_timestamp(): events written in one transaction keep their order (as recordEvent writes them).
      at: sql`clock_timestamp()`,
    })),
    (batch) => tx.insert(enrollmentEvents).values(batch),
  );

  const seatsTaken = new Map<string, number>();
  for (const e of fresh) if (e.classId) seatsTaken.set(e.classId, (seatsTaken.get(e.classId) ?? 0) + 1);
  for (const [classId, taken] of seatsTaken) {
    await tx
      .update(classes)
      .set({ currentStudents: sql`${classes.currentStudents} + ${taken}` })
      .where(sql`${classes.id} = ${classId}`);
  }
}
