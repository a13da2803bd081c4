import { randomUUID } from "node:crypto";
import { STUDENT_ACCOUNT_NOT_FOUND, WRONG_CURRENT_PASSWORD } from "@app/shared/messages";
import {
  CURRENT_PASSWORD_REQUIRED,
  changeStudentPasswordSchema,
  type createStudentAccountSchema,
  SAME_AS_TEMPORARY_PASSWORD,
} from "@app/shared/schemas/student-accounts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { studentEmail } from "../../auth/auth";
import { hashPassword, hashPasswordLike, verifyPassword } from "../../auth/password-hashing";
import type { Database, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { authAccount, authSession, authUser, studentAccounts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { acceptNotice } from "../privacy/notice.service";
import { generateStudentCode, generateStudentPassword } from "./credentials";

type NewStudentAccount = z.output<typeof createStudentAccountSchema>;

const MAX_CODE_TRIES = 8;

/**
 * Creates a student account (auth user with a synthetic e-mail, hashed credential, account row) in one
 * transaction. The code and the plain password are returned once and never stored in clear.
 */
export async function createStudentAccount(db: Database, input: NewStudentAccount) {
  const studentPassword = generateStudentPassword();
  const passwordHash = await hashPassword(studentPassword);
  const { studentCode } = await db.transaction(async (tx) => {
    const account = await insertStudentAccount(tx, input, passwordHash);
    if (input.privacyNoticeVersion !== undefined) await acceptNotice(tx, account.userId, input.privacyNoticeVersion);
    return account;
  });
  return { studentCode, studentPassword };
}

/**
 * The rows of a new student account inside the caller's transaction, under a generated code: a code
 * already taken rolls back to a savepoint and another one is drawn. `enrollmentCompleted` is true when
 * the account is made for an enrolment staff record (decision 047).
 */
export async function insertStudentAccount(
  tx: Tx,
  input: Pick<NewStudentAccount, "studentName" | "studentPhone" | "studentEmail"> & {
    enrollmentCompleted?: boolean;
    /** 'Nº do BI', known for imported students (decision 097). */
    biNumber?: string;
  },
  passwordHash: string,
) {
  for (let attempt = 1; ; attempt++) {
    const studentCode = generateStudentCode();
    const userId = randomUUID();
    try {
      return await tx.transaction(async (sp) => {
        await sp.insert(authUser).values({ id: userId, name: input.studentName, email: studentEmail(studentCode) });
        await sp
          .insert(authAccount)
          .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash });
        const [account] = await sp
          .insert(studentAccounts)
          .values({
            userId,
            studentName: input.studentName,
            studentPhone: input.studentPhone,
            studentEmail: input.studentEmail,
            biNumber: input.biNumber ?? null,
            studentCode,
            enrollmentCompleted: input.enrollmentCompleted ?? false,
          })
          .returning();
        return account!;
      });
    } catch (err) {
      // A code already taken: draw another one (the savepoint rolled back).
      if (isUniqueViolation(err) && attempt < MAX_CODE_TRIES) continue;
      throw err;
    }
  }
}

export async function getOwnAccount(db: Database, studentAccountId: string) {
  const [row] = await db.select().from(studentAccounts).where(eq(studentAccounts.id, studentAccountId));
  if (!row) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
  return {
    studentName: row.studentName,
    studentCode: row.studentCode,
    studentPhone: row.studentPhone,
    studentEmail: row.studentEmail,
    mustChangePassword: row.mustChangePassword,
    passwordChangedAt: row.passwordChangedAt?.toISOString() ?? null,
    enrollmentCompleted: row.enrollmentCompleted,
    smsOptIn: row.smsOptIn,
    smsOptInChangedAt: row.smsOptInChangedAt?.toISOString() ?? null,
  };
}

/** 'Receber SMS' (decision 092): the choice and when it was made; the same choice again keeps its date. */
export async function setOwnSms(db: Database, studentAccountId: string, smsOptIn: boolean) {
  const [row] = await db
    .update(studentAccounts)
    .set({
      smsOptIn,
      smsOptInChangedAt: sql`case when ${studentAccounts.smsOptIn} = ${smsOptIn} and ${studentAccounts.smsOptInChangedAt} is not null then ${studentAccounts.smsOptInChangedAt} else now() end`,
    })
    .where(eq(studentAccounts.id, studentAccountId))
    .returning({ smsOptIn: studentAccounts.smsOptIn, changedAt: studentAccounts.smsOptInChangedAt });
  if (!row) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
  return { smsOptIn: row.smsOptIn, smsOptInChangedAt: row.changedAt!.toISOString() };
}

/**
 * How long after a sign-in with the temporary password its session may choose the student's own password
 * without typing the temporary one again (decision 090): the session's opening proves it.
 */
export const FRESH_SIGN_IN_SECONDS = 15 * 60;

/** The session was opened (a sign-in with the password) less than FRESH_SIGN_IN_SECONDS ago. */
function freshlySignedIn(openedAt: Date | undefined): boolean {
  return openedAt !== undefined && Date.now() - openedAt.getTime() < FRESH_SIGN_IN_SECONDS * 1000;
}

/**
 * Changes the student's own password. The current one is checked when given; it may be left out while the
 * password is temporary and the session was opened with it moments ago (decision 090): then the new
 * password is hashed with the temporary one's salt, which in one scrypt gives the new hash and tells
 * whether it is the same password (a temporary password must be replaced by a different one).
 * Sets must_change_password=false and password_changed_at=now, and ends the student's other sessions —
 * all in one transaction.
 */
export async function changeOwnPassword(
  db: Database,
  who: { studentAccountId: string; userId: string; sessionId: string | undefined; sessionOpenedAt?: Date },
  input: z.input<typeof changeStudentPasswordSchema>,
) {
  const { currentPassword, newPassword } = changeStudentPasswordSchema.parse(input);
  const wrongPassword = () =>
    ApiError.of(400, WRONG_CURRENT_PASSWORD, [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD.message }]);
  const sameAsTemporary = () => ApiError.invalid([{ path: "newPassword", message: SAME_AS_TEMPORARY_PASSWORD }]);
  const credential = (q: Database | Tx) =>
    q
      .select()
      .from(authAccount)
      .where(and(eq(authAccount.userId, who.userId), eq(authAccount.providerId, "credential")));
  const [[checked], [student]] = await Promise.all([
    credential(db),
    db
      .select({ mustChangePassword: studentAccounts.mustChangePassword })
      .from(studentAccounts)
      .where(eq(studentAccounts.id, who.studentAccountId)),
  ]);
  if (!checked?.password) throw wrongPassword();
  const temporary = student?.mustChangePassword === true;
  // The hashes are made before the transaction: each costs ~100 ms of CPU, and a transaction holding a pooled
  // connection (and the row lock) that long starves everyone else on an enrolment day (decision 059).
  let newHash: string;
  if (currentPassword === undefined) {
    if (!temporary || !freshlySignedIn(who.sessionOpenedAt)) {
      throw ApiError.invalid([{ path: "currentPassword", message: CURRENT_PASSWORD_REQUIRED }]);
    }
    newHash = await hashPasswordLike(newPassword, checked.password);
    if (newHash === checked.password) throw sameAsTemporary();
  } else {
    if (!(await verifyPassword({ hash: checked.password, password: currentPassword }))) throw wrongPassword();
    if (temporary && newPassword === currentPassword) throw sameAsTemporary();
    newHash = await hashPassword(newPassword);
  }
  return db.transaction(async (tx) => {
    const [account] = await credential(tx).for("update");
    // Changed between the check and the lock (another change at the same moment): the check no longer holds.
    if (!account?.password || account.password !== checked.password) throw wrongPassword();
    const changedAt = new Date();
    await tx.update(authAccount).set({ password: newHash, updatedAt: changedAt }).where(eq(authAccount.id, account.id));
    await tx
      .update(studentAccounts)
      .set({ mustChangePassword: false, passwordChangedAt: changedAt })
      .where(eq(studentAccounts.id, who.studentAccountId));
    await tx
      .delete(authSession)
      .where(
        who.sessionId
          ? and(eq(authSession.userId, who.userId), ne(authSession.id, who.sessionId))
          : eq(authSession.userId, who.userId),
      );
    return { passwordChangedAt: changedAt.toISOString() };
  });
}
