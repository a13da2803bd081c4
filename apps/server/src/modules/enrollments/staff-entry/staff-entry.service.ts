import { COURSE_HOLDING_STATUSES } from "@app/shared/enrollment-review";
import { dataEditedNote, staffEnrollmentNewAccountNote, staffEnrollmentOnAccountNote } from "@app/shared/history-notes";
import { DUPLICATE_OPEN_ENROLLMENT, STUDENT_ACCOUNT_NOT_FOR_PHONE } from "@app/shared/messages";
import {
  type editEnrollmentSchema,
  type PhoneStudentAccount,
  phoneHasAccounts,
  STAFF_ENROLLMENT_FIELD_LABELS,
  staffEnrollmentSchema,
} from "@app/shared/schemas/enrollment-staff";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../../../auth/password-hashing";
import type { Database, Tx } from "../../../db/client";
import { enrollments, studentAccounts } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import type { FileStorage } from "../../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../../storage/stored-files";
import { generateStudentPassword } from "../../student-accounts/credentials";
import { insertStudentAccount } from "../../student-accounts/student-accounts.service";
import { ENROLLMENT_NOT_FOUND, getEnrollmentDetail } from "../enrollment-admin.queries";
import { readEnrollmentForm } from "../enrollment-form";
import { recordEvent } from "../enrollment-history";

/** The student accounts with this phone (9 digits), oldest first: what staff choose from (decision 024). */
export async function listPhoneAccounts(db: Database | Tx, phone: string): Promise<PhoneStudentAccount[]> {
  const rows = await phoneAccounts(db, phone);
  return rows.map((a) => ({
    id: a.id,
    studentCode: a.studentCode,
    studentName: a.studentName,
    createdAt: a.createdAt.toISOString(),
  }));
}

const phoneAccounts = (db: Database | Tx, phone: string) =>
  db
    .select()
    .from(studentAccounts)
    .where(eq(studentAccounts.studentPhone, phone))
    .orderBy(asc(studentAccounts.createdAt), asc(studentAccounts.id));

/**
 * Staff record an enrolment for a student (SPEC §5 'Staff new enrolment'; decisions 047, 024), e.g. a
 * walk-in at the secretariat. All or nothing, in one transaction. The request says which student account
 * it belongs to: a new one (code and hashed password, must change it, enrolment completed; the code and
 * password are returned once), or an existing account that has the enrolment's phone. Nothing is linked
 * silently: anyone may create an account with any phone, so when accounts with this phone exist and no
 * choice was made the request is refused (409, naming them), and a chosen account without this phone is
 * refused too. The enrolment starts pre_inscrito with its three documents (owned by the student's user,
 * so the student may read them) and a History event naming the account. An account's second enrolment in
 * a course it holds (COURSE_HOLDING_STATUSES) is refused (409).
 */
export async function createStaffEnrollment(
  db: Database,
  storage: FileStorage,
  actorUserId: string,
  form: Record<string, unknown>,
) {
  const { data, files, course } = await readEnrollmentForm(db, staffEnrollmentSchema, form);
  const { studentAccount: choice, courseId: _courseId, ...fields } = data;
  // Hashed before the transaction (it takes a while), used only when a new account is made.
  const studentPassword = generateStudentPassword();
  const passwordHash = await hashPassword(studentPassword);

  const written = await putFiles(storage, files);
  let result: { id: string; account: typeof studentAccounts.$inferSelect; created: boolean };
  try {
    result = await db.transaction(async (tx) => {
      // Two staff recording the same new student at once end with one account: one phone at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student-phone:${data.studentPhone}`}))`);
      const holders = await phoneAccounts(tx, data.studentPhone).for("update");
      if (!choice && holders.length > 0) {
        throw ApiError.of(409, phoneHasAccounts(listed(holders)));
      }

      let account: typeof studentAccounts.$inferSelect;
      if (choice?.mode === "existing") {
        const existing = holders.find((h) => h.id === choice.id);
        if (!existing) throw ApiError.of(409, STUDENT_ACCOUNT_NOT_FOR_PHONE);
        const [open] = await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(
            and(
              eq(enrollments.studentAccountId, existing.id),
              eq(enrollments.courseId, course.id),
              inArray(enrollments.status, [...COURSE_HOLDING_STATUSES]),
            ),
          )
          .limit(1);
        if (open) throw ApiError.of(409, DUPLICATE_OPEN_ENROLLMENT);
        if (!existing.enrollmentCompleted) {
          await tx
            .update(studentAccounts)
            .set({ enrollmentCompleted: true })
            .where(eq(studentAccounts.id, existing.id));
        }
        account = existing;
      } else {
        account = await insertStudentAccount(
          tx,
          {
            studentName: data.studentName,
            studentPhone: data.studentPhone,
            studentEmail: data.studentEmail,
            enrollmentCompleted: true,
          },
          passwordHash,
        );
      }

      const [frontId, backId, certificateId] = await recordFiles(tx, account.userId, written);
      const [enrollment] = await tx
        .insert(enrollments)
        .values({
          ...fields,
          userId: account.userId,
          studentAccountId: account.id,
          courseId: course.id,
          idCardFrontFileId: frontId,
          idCardBackFileId: backId,
          certificateFileId: certificateId,
          status: "pre_inscrito",
        })
        .returning({ id: enrollments.id });
      const created = choice?.mode !== "existing";
      await recordEvent(tx, enrollment!.id, {
        actorUserId,
        fromStatus: null,
        toStatus: "pre_inscrito",
        note: accountNote(account, created, holders),
      });
      return { id: enrollment!.id, account, created };
    });
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }

  return {
    enrollment: await getEnrollmentDetail(db, result.id),
    account: {
      studentCode: result.account.studentCode,
      studentName: result.account.studentName,
      created: result.created,
      studentPassword: result.created ? studentPassword : null,
    },
  };
}

const listed = (rows: (typeof studentAccounts.$inferSelect)[]) =>
  rows.map((a) => ({ studentCode: a.studentCode, studentName: a.studentName, createdAt: a.createdAt.toISOString() }));

/** The History note of a staff-recorded enrolment: which account it went to, and why (decision 024). */
function accountNote(
  account: typeof studentAccounts.$inferSelect,
  created: boolean,
  holders: (typeof studentAccounts.$inferSelect)[],
) {
  if (!created) return staffEnrollmentOnAccountNote(account);
  return staffEnrollmentNewAccountNote(
    account.studentCode,
    holders.map((h) => h.studentCode),
  );
}

type EditInput = z.output<typeof editEnrollmentSchema>;
const EDITABLE = Object.keys(STAFF_ENROLLMENT_FIELD_LABELS).filter((f) => f !== "courseId") as (keyof EditInput)[];

/**
 * Staff correct an enrolment's personal and education fields (any status). One transaction on the
 * locked row, and one History event 'Dados editados' naming the changed fields; nothing changed, no event.
 */
export async function editEnrollment(db: Database, actorUserId: string, id: string, input: EditInput) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, id)).for("update");
    if (!row) throw ENROLLMENT_NOT_FOUND();
    const changed = EDITABLE.filter((field) => (row[field] ?? null) !== (input[field] ?? null));
    if (changed.length === 0) return;
    await tx.update(enrollments).set(input).where(eq(enrollments.id, id));
    await recordEvent(tx, id, {
      actorUserId,
      fromStatus: row.status,
      toStatus: row.status,
      kind: "data_edited",
      note: dataEditedNote(changed.map((f) => STAFF_ENROLLMENT_FIELD_LABELS[f])),
    });
  });
  return getEnrollmentDetail(db, id);
}
