import { heldCourseIds, mayApplyForCourse } from "@app/shared/enrollment-review";
import { returningApplicationNote } from "@app/shared/history-notes";
import { OWN_DUPLICATE_OPEN_ENROLLMENT } from "@app/shared/messages";
import { ENROLLMENT_DOCUMENTS, studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import { desc, eq, inArray } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client";
import { enrollments, storedFiles } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import type { FileStorage } from "../../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../../storage/stored-files";
import {
  activeCourse,
  insertOwnEnrollment,
  lockOwnAccount,
  missingDocument,
  parseEnrollmentFields,
  readDocument,
} from "../enrollment-form";

type DocumentField = (typeof ENROLLMENT_DOCUMENTS)[number]["field"];

const FILE_COLUMN = {
  idCardFront: "idCardFrontFileId",
  idCardBack: "idCardBackFileId",
  certificate: "certificateFileId",
} as const satisfies Record<DocumentField, keyof typeof enrollments.$inferSelect>;

/** The account's latest enrolment: its data prefill the form and its documents may be kept. */
async function latestEnrollment(db: Database | Tx, studentAccountId: string, lock = false) {
  const query = db
    .select()
    .from(enrollments)
    .where(eq(enrollments.studentAccountId, studentAccountId))
    .orderBy(desc(enrollments.applicationDate), desc(enrollments.createdAt))
    .limit(1);
  const [row] = lock ? await query.for("share") : await query;
  return row ?? null;
}

/**
 * What the returning student's form starts from (issue 14): the latest enrolment's personal and
 * education data, its documents (which the student may keep) and the courses the rule holds.
 */
export async function newApplicationStart(db: Database, studentAccountId: string) {
  const [latest, own] = await Promise.all([
    latestEnrollment(db, studentAccountId),
    db
      .select({ courseId: enrollments.courseId, status: enrollments.status })
      .from(enrollments)
      .where(eq(enrollments.studentAccountId, studentAccountId)),
  ]);
  const fileIds = latest
    ? ENROLLMENT_DOCUMENTS.map((d) => latest[FILE_COLUMN[d.field]]).filter((id): id is string => Boolean(id))
    : [];
  const files = fileIds.length
    ? await db
        .select({ id: storedFiles.id, contentType: storedFiles.contentType })
        .from(storedFiles)
        .where(inArray(storedFiles.id, fileIds))
    : [];
  return {
    personal: latest
      ? {
          birthDate: latest.birthDate,
          motherName: latest.motherName,
          fatherName: latest.fatherName,
          nationality: latest.nationality,
          birthPlace: latest.birthPlace,
          province: latest.province,
          municipality: latest.municipality,
          neighborhood: latest.neighborhood,
          qualification: latest.qualification,
          trainingArea: latest.trainingArea,
          schedulePreference: latest.schedulePreference,
        }
      : null,
    documentsOnFile: ENROLLMENT_DOCUMENTS.flatMap((d) => {
      const file = files.find((f) => f.id === latest?.[FILE_COLUMN[d.field]]);
      return file ? [{ field: d.field, fileId: file.id, contentType: file.contentType }] : [];
    }),
    heldCourseIds: [...heldCourseIds(own)],
  };
}

/**
 * A returning student applies for another course (issue 14): the enrolment form's fields, and for
 * each document either a new file (checked like the first form's) or nothing, which keeps the
 * document of the latest enrolment — the same stored file, owned by the student, so the student and
 * the roles of 'Inscrições' open it as before. One transaction on the locked account: a course the
 * account holds (an application under review or payment, or the course in progress) is refused with
 * 409, so two submits at once give one enrolment; the new enrolment starts pre_inscrito with a
 * History event. The latest enrolment is read FOR SHARE, so its deletion or a document replacement
 * waits for this submit, and sees the kept files in use.
 */
export async function submitNewApplication(
  db: Database,
  storage: FileStorage,
  who: { studentAccountId: string; userId: string },
  form: Record<string, unknown>,
) {
  const data = parseEnrollmentFields(studentEnrollmentSchema, form);
  const picked: { field: DocumentField; file: NonNullable<Awaited<ReturnType<typeof readDocument>>> }[] = [];
  for (const doc of ENROLLMENT_DOCUMENTS) {
    const file = await readDocument(form, doc);
    if (file) picked.push({ field: doc.field, file });
  }
  const course = await activeCourse(db, data.courseId);

  const written = await putFiles(
    storage,
    picked.map((p) => p.file),
  );
  try {
    return await db.transaction(async (tx) => {
      const account = await lockOwnAccount(tx, who.studentAccountId);
      const own = await tx
        .select({ courseId: enrollments.courseId, status: enrollments.status })
        .from(enrollments)
        .where(eq(enrollments.studentAccountId, account.id));
      if (!mayApplyForCourse(own, course.id)) {
        throw ApiError.of(409, OWN_DUPLICATE_OPEN_ENROLLMENT, [
          { path: "courseId", message: OWN_DUPLICATE_OPEN_ENROLLMENT.message },
        ]);
      }

      const latest = await latestEnrollment(tx, account.id, true);
      const newIds = written.length ? await recordFiles(tx, who.userId, written) : [];
      const fileIds = {} as Record<DocumentField, string>;
      for (const doc of ENROLLMENT_DOCUMENTS) {
        const index = picked.findIndex((p) => p.field === doc.field);
        const id = index >= 0 ? newIds[index] : latest?.[FILE_COLUMN[doc.field]];
        if (!id) throw missingDocument(doc.field);
        fileIds[doc.field] = id;
      }

      const kept = ENROLLMENT_DOCUMENTS.filter((d) => !picked.some((p) => p.field === d.field)).length;
      return insertOwnEnrollment(tx, who.userId, account, data, course.id, {
        files: fileIds,
        note: returningApplicationNote(kept),
      });
    });
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
}
