import { SELECT_COURSE } from "@app/shared/field-messages";
import { DOCUMENT_MIME_TYPES } from "@app/shared/limits";
import { DOCUMENT_WRONG_TYPE, REQUIRED_FIELDS, STUDENT_ACCOUNT_NOT_FOUND } from "@app/shared/messages";
import { STAFF_ENROLLMENT_STEP_MESSAGES } from "@app/shared/schemas/enrollment-staff";
import { ENROLLMENT_DOCUMENTS, type studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { courses, enrollmentEvents, enrollments, studentAccounts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { checkFile, namingDocument } from "../../storage/file-check";

type FormFields = Record<string, unknown>;

const MISSING_DOCUMENT = STAFF_ENROLLMENT_STEP_MESSAGES.documents;

/**
 * The three documents of an enrolment form (student's or staff's), each present and checked by content
 * (JPEG, PNG, WEBP or PDF), before anything is written; a refusal names the document.
 */
export async function readEnrollmentDocuments(form: FormFields) {
  const files = [];
  for (const doc of ENROLLMENT_DOCUMENTS) {
    const file = await readDocument(form, doc);
    if (!file) throw missingDocument(doc.field);
    files.push(file);
  }
  return files;
}

export const missingDocument = (field: string) => ApiError.invalid([{ path: field, message: MISSING_DOCUMENT }]);

/** One document of an enrolment form, checked by content; null when the field was left empty. */
export async function readDocument(form: FormFields, doc: (typeof ENROLLMENT_DOCUMENTS)[number]) {
  const value = form[doc.field];
  // A file input left empty arrives as a nameless 0-byte part; a named 0-byte file is an empty file.
  if (!(value instanceof File) || (value.size === 0 && !value.name)) return null;
  const buffer = Buffer.from(await value.arrayBuffer());
  const checked = await checkFile(buffer, DOCUMENT_MIME_TYPES, DOCUMENT_WRONG_TYPE).catch((err: unknown) => {
    throw namingDocument(err, doc);
  });
  return { kind: doc.kind, data: buffer, checked };
}

/** The course an enrolment form names: it must be active (the catalogue's courses); otherwise a field error. */
export async function activeCourse(db: Database, courseId: string) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.status, "active")));
  if (!course) throw ApiError.invalid([{ path: "courseId", message: SELECT_COURSE }]);
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
  const data = parseEnrollmentFields(schema, form);
  const files = await readEnrollmentDocuments(form);
  const course = await activeCourse(db, data.courseId);
  return { data, files, course };
}

/** The fields of an enrolment form, all their refusals at once ('Por favor, preencha todos os campos obrigatórios'). */
export function parseEnrollmentFields<Schema extends z.ZodType<{ courseId: string }>>(
  schema: Schema,
  form: FormFields,
): z.output<Schema> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw ApiError.of(400, REQUIRED_FIELDS, issues);
  }
  return parsed.data as z.output<Schema>;
}

/** The student's own account, locked for the rest of the caller's transaction (one submit at a time). */
export async function lockOwnAccount(tx: Tx, studentAccountId: string) {
  const [account] = await tx
    .select()
    .from(studentAccounts)
    .where(eq(studentAccounts.id, studentAccountId))
    .for("update");
  if (!account) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
  return account;
}

/**
 * The student's own pre-enrolment, inside the caller's transaction (the first form, and a returning
 * student's 'Nova inscrição'): name, phone and e-mail from the account, the form's data, the three
 * documents, its first History event; the account's enrolment counts as completed.
 */
export async function insertOwnEnrollment(
  tx: Tx,
  userId: string,
  account: typeof studentAccounts.$inferSelect,
  data: z.output<typeof studentEnrollmentSchema>,
  courseId: string,
  { files, note }: { files: Record<(typeof ENROLLMENT_DOCUMENTS)[number]["field"], string>; note: string },
) {
  const { courseId: _courseId, ...fields } = data;
  const [enrollment] = await tx
    .insert(enrollments)
    .values({
      ...fields,
      userId,
      studentAccountId: account.id,
      courseId,
      studentName: account.studentName,
      studentPhone: account.studentPhone,
      studentEmail: account.studentEmail,
      idCardFrontFileId: files.idCardFront,
      idCardBackFileId: files.idCardBack,
      certificateFileId: files.certificate,
      status: "pre_inscrito",
    })
    .returning();
  await tx.insert(enrollmentEvents).values({
    enrollmentId: enrollment!.id,
    actorUserId: userId,
    fromStatus: null,
    toStatus: "pre_inscrito",
    note,
  });
  if (!account.enrollmentCompleted) {
    await tx.update(studentAccounts).set({ enrollmentCompleted: true }).where(eq(studentAccounts.id, account.id));
  }
  return {
    id: enrollment!.id,
    status: "pre_inscrito" as const,
    applicationDate: enrollment!.applicationDate.toISOString(),
  };
}
