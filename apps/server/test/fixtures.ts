import { readdirSync } from "node:fs";
import path from "node:path";
import type { Database } from "../src/db/client";
import { classes, courses } from "../src/db/schema";

/** Small real files for upload tests: their magic bytes are what file-type recognises. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082",
  "hex",
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
export const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

/** A valid enrolment row for `courseId` (inserted directly by tests that need one). */
export function enrollmentRow(courseId: string, overrides: Record<string, unknown> = {}) {
  return {
    courseId,
    studentName: "Ana Silva",
    studentPhone: "923000000",
    birthDate: "2000-01-01",
    motherName: "Maria Silva",
    nationality: "Angolana",
    birthPlace: "Luanda",
    province: "Luanda" as const,
    municipality: "Belas",
    neighborhood: "Talatona",
    qualification: "medio",
    trainingArea: "Gestão",
    schedulePreference: "manha",
    ...overrides,
  };
}

/** A valid class row for `courseId` (in-person, mornings, in 2025), inserted directly by tests that need one. */
export function classRow(courseId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Turma A",
    courseId,
    classType: "presencial" as const,
    enrollmentStartDate: "2025-01-01",
    enrollmentEndDate: "2025-01-20",
    startDate: "2025-02-01",
    endDate: "2025-06-01",
    schedule: "Manhã (08h-12h)",
    ...overrides,
  };
}

/** The text fields of a student's enrolment form for `courseId`, as the web sends them (multipart). */
export function enrollmentFormFields(courseId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    birthDate: "2001-05-14",
    motherName: "Ana Maria Lunda",
    fatherName: "",
    nationality: "Angolana",
    birthPlace: "Luanda",
    province: "Luanda",
    municipality: "Belas",
    neighborhood: "Talatona",
    qualification: "medio",
    trainingArea: "Informática",
    courseId,
    schedulePreference: "noite",
    ...overrides,
  };
}

/** A file part of a multipart form: content, file name, MIME type the browser claims. */
export type FormFile = [Buffer, string, string];

/** The three documents of an enrolment form, as a phone sends them (photos of the ID card, a PDF). */
export const ENROLLMENT_DOCUMENT_FILES: Record<"idCardFront" | "idCardBack" | "certificate", FormFile> = {
  idCardFront: [PNG, "bi-frente.png", "image/png"],
  idCardBack: [PNG, "bi-verso.png", "image/png"],
  certificate: [PDF, "certificado.pdf", "application/pdf"],
};

/**
 * A multipart enrolment form: `fields` (enrollmentFormFields, or a staff form's fields) and the files,
 * the three documents unless told otherwise (a file set to null is left out).
 */
export function enrollmentForm(
  fields: Record<string, string>,
  files: Partial<Record<string, FormFile | null>> = ENROLLMENT_DOCUMENT_FILES,
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, f] of Object.entries(files)) if (f) fd.append(k, new File([f[0]], f[1], { type: f[2] }));
  return fd;
}

/** Inserts a course (3 months, 100 000 Kz unless told otherwise) and returns its id. */
export async function insertCourse(
  db: Database,
  values: Partial<typeof courses.$inferInsert> & { name: string },
): Promise<string> {
  const [row] = await db
    .insert(courses)
    .values({ durationMonths: 3, price: 100000, ...values })
    .returning({ id: courses.id });
  return row!.id;
}

/** Inserts a class of `courseId` (classRow, then `overrides`) and returns its id. */
export async function insertClass(
  db: Database,
  courseId: string,
  overrides: Partial<typeof classes.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(classes)
    .values({ ...classRow(courseId), ...overrides })
    .returning({ id: classes.id });
  return row!.id;
}

/** Every file below `dir` (none when it does not exist): what the storage really holds. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  } catch {
    return [];
  }
}
