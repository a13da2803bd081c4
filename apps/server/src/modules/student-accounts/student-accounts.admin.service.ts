import { STUDENT_ACCOUNT_NOT_FOUND, STUDENT_CODE_TAKEN } from "@app/shared/messages";
import type {
  editStudentCredentialsSchema,
  StudentAccountListQuery,
  StudentAccountSort,
} from "@app/shared/schemas/student-accounts";
import { type AnyColumn, and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { studentEmail } from "../../auth/auth";
import { hashPassword } from "../../auth/password-hashing";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, pageWindow, searchCondition } from "../../db/lists";
import { isUniqueViolation } from "../../db/pg-errors";
import {
  authAccount,
  authSession,
  authUser,
  classes,
  courses,
  enrollments,
  paymentReceipts,
  studentAccounts,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import { runIdempotent } from "../../http/idempotency";
import { generateStudentPassword } from "./credentials";

const SORTS: Record<StudentAccountSort, AnyColumn | SQL> = {
  name: studentAccounts.studentNameKey,
  code: studentAccounts.studentCode,
  // As the column reads: 'Completa' before 'Pendente'.
  completed: sql`not ${studentAccounts.enrollmentCompleted}`,
  created: studentAccounts.createdAt,
};

/**
 * 'Contas de Alunos' (SPEC §2; issue 14; decision 057): one page of the accounts, searched (name,
 * phone, e-mail, code) and sorted, newest first unless a column is chosen, each with its enrolments and
 * receipts; the number of matching accounts and the cards' counts over every account.
 */
export async function listStudentAccounts(db: Database, query: StudentAccountListQuery) {
  const where = searchCondition(
    query.q,
    [studentAccounts.studentNameKey, studentAccounts.studentEmailKey, studentAccounts.studentCodeKey],
    [studentAccounts.studentPhone],
  );
  const { limit, offset } = pageWindow(query);
  const [accounts, [matching], [counts]] = await Promise.all([
    db
      .select()
      .from(studentAccounts)
      .where(where)
      .orderBy(...listOrder(query, SORTS, { by: studentAccounts.createdAt, dir: "desc" }, studentAccounts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(studentAccounts).where(where),
    db
      .select({
        total: count(),
        completed: count(sql`case when ${studentAccounts.enrollmentCompleted} then 1 end`),
        pending: count(sql`case when not ${studentAccounts.enrollmentCompleted} then 1 end`),
        temporaryPassword: count(sql`case when ${studentAccounts.mustChangePassword} then 1 end`),
      })
      .from(studentAccounts),
  ]);
  return { ...listAnswer(query, await withHistory(db, accounts), matching?.n ?? 0), counts: counts! };
}

/** One account as the list shows it (the answer of a credentials edit). */
async function studentAccountRow(tx: Tx, id: string) {
  const accounts = await tx.select().from(studentAccounts).where(eq(studentAccounts.id, id));
  return (await withHistory(tx, accounts))[0]!;
}

/**
 * The accounts with their enrolments (course, status, class, dates) and receipts, for the table and the
 * details dialog. No password, not even its hash: the table shows '••••••'.
 */
async function withHistory(db: Database | Tx, accounts: (typeof studentAccounts.$inferSelect)[]) {
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return [];
  const [enrolmentRows, receiptRows] = await Promise.all([
    db
      .select({
        id: enrollments.id,
        studentAccountId: enrollments.studentAccountId,
        courseName: courses.name,
        status: enrollments.status,
        className: classes.name,
        applicationDate: enrollments.applicationDate,
        approvalDate: enrollments.approvalDate,
        classStartDate: classes.startDate,
        classEndDate: classes.endDate,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(classes, eq(classes.id, enrollments.classId))
      .where(inArray(enrollments.studentAccountId, ids))
      .orderBy(desc(enrollments.applicationDate)),
    db
      .select({
        id: paymentReceipts.id,
        studentAccountId: paymentReceipts.studentAccountId,
        courseName: courses.name,
        paidAmount: paymentReceipts.paidAmount,
        paymentDate: paymentReceipts.paymentDate,
        status: paymentReceipts.status,
        submittedAt: paymentReceipts.submittedAt,
      })
      .from(paymentReceipts)
      .innerJoin(enrollments, eq(enrollments.id, paymentReceipts.enrollmentId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(inArray(paymentReceipts.studentAccountId, ids))
      .orderBy(desc(paymentReceipts.submittedAt)),
  ]);
  return accounts.map((a) => ({
    id: a.id,
    studentName: a.studentName,
    studentPhone: a.studentPhone,
    studentEmail: a.studentEmail,
    studentCode: a.studentCode,
    mustChangePassword: a.mustChangePassword,
    passwordChangedAt: a.passwordChangedAt?.toISOString() ?? null,
    enrollmentCompleted: a.enrollmentCompleted,
    smsOptIn: a.smsOptIn,
    smsOptInChangedAt: a.smsOptInChangedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    enrollments: enrolmentRows
      .filter((e) => e.studentAccountId === a.id)
      .map(({ studentAccountId: _, ...e }) => ({
        ...e,
        applicationDate: e.applicationDate.toISOString(),
        approvalDate: e.approvalDate?.toISOString() ?? null,
      })),
    receipts: receiptRows
      .filter((r) => r.studentAccountId === a.id)
      .map(({ studentAccountId: _, ...r }) => ({ ...r, submittedAt: r.submittedAt.toISOString() })),
  }));
}

async function lockAccount(tx: Tx, id: string) {
  const [account] = await tx.select().from(studentAccounts).where(eq(studentAccounts.id, id)).for("update");
  if (!account) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
  return account;
}

/** A staff-given password: hashed into the student's credential; it is temporary (must be changed). */
async function setTemporaryPassword(tx: Tx, account: typeof studentAccounts.$inferSelect, passwordHash: string) {
  await tx
    .update(authAccount)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(authAccount.userId, account.userId), eq(authAccount.providerId, "credential")));
  await tx.update(studentAccounts).set({ mustChangePassword: true }).where(eq(studentAccounts.id, account.id));
}

/** Every open session of the student ends: the old code or password opens nothing any more. */
async function endSessions(tx: Tx, userId: string) {
  await tx.delete(authSession).where(eq(authSession.userId, userId));
}

/** Who asks and with which `Idempotency-Key` (decision 026): one effect per confirmation. */
export interface StaffConfirmation {
  key: string;
  actorUserId: string;
  authSecret: string;
}

/**
 * Staff change a student's login code and, optionally, set a new password (SPEC §5 'Student
 * credentials edit'). One transaction on the locked account: the code (and the hidden sign-in
 * address made from it) is unique — two staff giving the same code at once get one success and one
 * 'Código já em uso' —, a new password is stored hashed and is temporary, and the student's open
 * sessions end whenever anything changed. A repeated request with the same key (a double click, a
 * retry) answers what the first one did and changes nothing (the same key with other data: 409).
 */
export async function editStudentCredentials(
  db: Database,
  id: string,
  input: z.output<typeof editStudentCredentialsSchema>,
  confirmation: StaffConfirmation,
) {
  try {
    const { result } = await runIdempotent(
      db,
      confirmation.authSecret,
      { ...confirmation, operation: "student-credentials-edit", targetId: id, body: input },
      async (tx) => {
        const account = await lockAccount(tx, id);
        const codeChanged = account.studentCode !== input.studentCode;
        if (codeChanged) {
          await tx.update(studentAccounts).set({ studentCode: input.studentCode }).where(eq(studentAccounts.id, id));
          await tx
            .update(authUser)
            .set({ email: studentEmail(input.studentCode), updatedAt: new Date() })
            .where(eq(authUser.id, account.userId));
        }
        if (input.newPassword) await setTemporaryPassword(tx, account, await hashPassword(input.newPassword));
        if (codeChanged || input.newPassword) await endSessions(tx, account.userId);
        return studentAccountRow(tx, id);
      },
    );
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw ApiError.of(409, STUDENT_CODE_TAKEN, [{ path: "studentCode", message: STUDENT_CODE_TAKEN.message }]);
    }
    throw err;
  }
}

/**
 * Staff reset a student's password (SPEC §4): a new generated one, hashed, must_change_password true,
 * every session of the student ended — in one transaction. The plain password is in this answer only;
 * a repeated request with the same key (a double click on the confirmation, a retry over a flaky
 * connection) gets the same password back and resets nothing (decision 026).
 */
export async function resetStudentPassword(db: Database, id: string, confirmation: StaffConfirmation) {
  const { result } = await runIdempotent(
    db,
    confirmation.authSecret,
    { ...confirmation, operation: "student-password-reset", targetId: id },
    async (tx) => {
      const account = await lockAccount(tx, id);
      const studentPassword = generateStudentPassword();
      await setTemporaryPassword(tx, account, await hashPassword(studentPassword));
      await endSessions(tx, account.userId);
      return { studentCode: account.studentCode, studentPassword };
    },
  );
  return result;
}
