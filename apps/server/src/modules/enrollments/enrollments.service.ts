import { SELECT_COURSE } from "@app/shared/field-messages";
import { DOCUMENT_MIME_TYPES } from "@app/shared/limits";
import { DOCUMENT_WRONG_TYPE, REQUIRED_FIELDS, STUDENT_ACCOUNT_NOT_FOUND } from "@app/shared/messages";
import { STAFF_ENROLLMENT_STEP_MESSAGES } from "@app/shared/schemas/enrollment-staff";
import { ENROLLMENT_DOCUMENTS, studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { courses, enrollmentEvents, enrollments, studentAccounts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { checkFile, namingDocument } from "../../storage/file-check";
import type { FileStorage } from "../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../storage/stored-files";

type FormFields = Record<string, unknown>;

const MISSING_DOCUMENT = STAFF_ENROLLMENT_STEP_MESSAGES.documents;

/**
 * The three documents of an enrolment form (student's or staff's), each present and checked by content
 * (JPEG, PNG, WEBP or PDF), before anything is written; a refusal names the document.
 */
export async function readEnrollmentDocuments(form: FormFields) {
  const files = [];
  for (const doc of ENROLLMENT_DOCUMENTS) {
    const value = form[doc.field];
    // A file input left empty arrives as a nameless 0-byte part; a named 0-byte file is an empty file.
    if (!(value instanceof File) || (value.size === 0 && !value.name)) {
      throw new ApiError(400, "validation_error", MISSING_DOCUMENT, [{ path: doc.field, message: MISSING_DOCUMENT }]);
    }
    const buffer = Buffer.from(await value.arrayBuffer());
    const checked = await checkFile(buffer, DOCUMENT_MIME_TYPES, DOCUMENT_WRONG_TYPE).catch((err: unknown) => {
      throw namingDocument(err, doc);
    });
    files.push({ kind: doc.kind, data: buffer, checked });
  }
  return files;
}

/** The course an enrolment form names: it must be active (the catalogue's courses); otherwise a field error. */
export async function activeCourse(db: Database, courseId: string) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.status, "active")));
  if (!course)
    throw new ApiError(400, "validation_error", SELECT_COURSE, [{ path: "courseId", message: SELECT_COURSE }]);
  return course;
}

/**
 * An enrolment form (the student's or staff's), read in the order a user wants the refusals: the fields
 * (all their messages at once), then the three documents, then the course. Nothing is written.
 */
export async function readEnrollmentForm<Schema extends z.ZodType<{ courseId: string }>>(
  db: Database,
  schema: Schema,
  form: FormFields,
) {
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw ApiError.of(400, REQUIRED_FIELDS, issues);
  }
  const files = await readEnrollmentDocuments(form);
  const course = await activeCourse(db, parsed.data.courseId);
  return { data: parsed.data as z.output<Schema>, files, course };
}

/**
 * The student's own enrolment (SPEC §4): creates it with status pre_inscrito, its three documents
 * and its first history event, and marks the account's enrolment as completed — all or nothing.
 * The documents are checked by content before anything is written; if the database part fails,
 * the stored files are removed.
 */
export async function submitOwnEnrollment(
  db: Database,
  storage: FileStorage,
  who: { studentAccountId: string; userId: string },
  form: FormFields,
) {
  const { data, files, course } = await readEnrollmentForm(db, studentEnrollmentSchema, form);

  const written = await putFiles(storage, files);
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.id, who.studentAccountId))
        .for("update");
      if (!account) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
      if (account.enrollmentCompleted) throw new ApiError(409, "already_submitted", "A sua inscrição já foi enviada");

      const [frontId, backId, certificateId] = await recordFiles(tx, who.userId, written);
      const [enrollment] = await tx
        .insert(enrollments)
        .values({
          userId: who.userId,
          studentAccountId: account.id,
          courseId: course.id,
          studentName: account.studentName,
          studentPhone: account.studentPhone,
          studentEmail: account.studentEmail,
          birthDate: data.birthDate,
          fatherName: data.fatherName,
          motherName: data.motherName,
          nationality: data.nationality,
          birthPlace: data.birthPlace,
          province: data.province,
          municipality: data.municipality,
          neighborhood: data.neighborhood,
          qualification: data.qualification,
          trainingArea: data.trainingArea,
          schedulePreference: data.schedulePreference,
          idCardFrontFileId: frontId,
          idCardBackFileId: backId,
          certificateFileId: certificateId,
          status: "pre_inscrito",
        })
        .returning();
      await tx.insert(enrollmentEvents).values({
        enrollmentId: enrollment!.id,
        actorUserId: who.userId,
        fromStatus: null,
        toStatus: "pre_inscrito",
        note: "Pré-inscrição enviada pelo aluno",
      });
      await tx.update(studentAccounts).set({ enrollmentCompleted: true }).where(eq(studentAccounts.id, account.id));
      return {
        id: enrollment!.id,
        status: enrollment!.status,
        applicationDate: enrollment!.applicationDate.toISOString(),
      };
    });
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
}
