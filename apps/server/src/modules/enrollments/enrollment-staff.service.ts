import { COURSE_HOLDING_STATUSES } from "@app/shared/enrollment-review";
import { DUPLICATE_OPEN_ENROLLMENT } from "@app/shared/messages";
import {
  type editEnrollmentSchema,
  STAFF_ENROLLMENT_FIELD_LABELS,
  staffEnrollmentSchema,
} from "@app/shared/schemas/enrollment-staff";
import { hashPassword } from "better-auth/crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { enrollments, studentAccounts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { FileStorage } from "../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../storage/stored-files";
import { generateStudentPassword } from "../student-accounts/credentials";
import { insertStudentAccount } from "../student-accounts/student-accounts.service";
import { ENROLLMENT_NOT_FOUND, getEnrollmentDetail } from "./enrollment-admin.queries";
import { recordEvent } from "./enrollment-review.service";
import { readEnrollmentForm } from "./enrollments.service";

/**
 * Staff record an enrolment for a student (SPEC §5 'Staff new enrolment'; decision 018), e.g. a walk-in
 * at the secretariat. All or nothing, in one transaction: the student account with the same phone is
 * linked (the oldest one, if several), or a new one is created (code and hashed password, must change
 * it, enrolment completed) whose code and password are returned once; the enrolment starts pre_inscrito
 * with its three documents (owned by the student's user, so the student may read them) and a History
 * event. An account's second enrolment in a course it holds (COURSE_HOLDING_STATUSES: an open
 * application or the course in progress) is refused (409).
 */
export async function createStaffEnrollment(
  db: Database,
  storage: FileStorage,
  actorUserId: string,
  form: Record<string, unknown>,
) {
  const { data, files, course } = await readEnrollmentForm(db, staffEnrollmentSchema, form);
  // Hashed before the transaction (it takes a while), used only when no account has this phone.
  const studentPassword = generateStudentPassword();
  const passwordHash = await hashPassword(studentPassword);

  const written = await putFiles(storage, files);
  let result: { id: string; account: typeof studentAccounts.$inferSelect; created: boolean };
  try {
    result = await db.transaction(async (tx) => {
      // Two staff recording the same new student at once end with one account: one phone at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student-phone:${data.studentPhone}`}))`);
      const [existing] = await tx
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.studentPhone, data.studentPhone))
        .orderBy(asc(studentAccounts.createdAt), asc(studentAccounts.id))
        .limit(1)
        .for("update");

      let account: typeof studentAccounts.$inferSelect;
      if (existing) {
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
      const { courseId: _courseId, ...fields } = data;
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
      await recordEvent(tx, enrollment!.id, {
        actorUserId,
        fromStatus: null,
        toStatus: "pre_inscrito",
        note: existing
          ? `Inscrição registada pela equipa (conta ${account.studentCode})`
          : `Inscrição registada pela equipa, com uma nova conta de aluno (${account.studentCode})`,
      });
      return { id: enrollment!.id, account, created: !existing };
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
      note: `Dados editados: ${changed.map((f) => STAFF_ENROLLMENT_FIELD_LABELS[f]).join(", ")}`,
    });
  });
  return getEnrollmentDetail(db, id);
}
