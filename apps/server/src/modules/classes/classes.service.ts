import { INVALID_TEACHER, SELECT_COURSE } from "@app/shared/field-messages";
import { CLASS_NOT_FOUND, CLASS_IN_USE as IN_USE, maxStudentsBelowEnrolled } from "@app/shared/messages";
import type { classInputSchema } from "@app/shared/schemas/catalog";
import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { isForeignKeyViolation } from "../../db/pg-errors";
import { classes, courses, enrollments, teachers } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { FileStorage } from "../../storage/storage";
import { forgetCurriculumFile } from "./class-curriculum.service";

type ClassInput = z.output<typeof classInputSchema>;
const NOT_FOUND = () => ApiError.of(404, CLASS_NOT_FOUND);

const selection = {
  cls: classes,
  courseName: courses.name,
  teacherName: teachers.teacherName,
};

function classBody(r: { cls: typeof classes.$inferSelect; courseName: string; teacherName: string | null }) {
  return { ...r.cls, createdAt: r.cls.createdAt.toISOString(), courseName: r.courseName, teacherName: r.teacherName };
}

/** Every class with its course name and teacher name, newest first (staff). */
export async function listClasses(db: Database) {
  const rows = await db
    .select(selection)
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .leftJoin(teachers, eq(teachers.id, classes.teacherId))
    .orderBy(desc(classes.createdAt));
  return rows.map(classBody);
}

export async function getClass(db: Database, id: string) {
  const [row] = await db
    .select(selection)
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .leftJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(eq(classes.id, id));
  if (!row) throw NOT_FOUND();
  return classBody(row);
}

/** A course or teacher that does not exist answers on its field, like the form would. */
function referenceError(err: unknown): never {
  if (isForeignKeyViolation(err, "course")) {
    throw ApiError.invalid([{ path: "courseId", message: SELECT_COURSE }]);
  }
  if (isForeignKeyViolation(err, "teacher")) {
    throw ApiError.invalid([{ path: "teacherId", message: INVALID_TEACHER }]);
  }
  throw err;
}

export async function createClass(db: Database, input: ClassInput) {
  const [row] = await db.insert(classes).values(input).returning({ id: classes.id }).catch(referenceError);
  return getClass(db, row!.id);
}

/** max_students may not drop below the students already enrolled (the row is locked meanwhile). */
export async function updateClass(db: Database, id: string, input: ClassInput) {
  await db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(classes).where(eq(classes.id, id)).for("update");
      if (!current) throw NOT_FOUND();
      if (input.maxStudents < current.currentStudents) {
        throw ApiError.onField(400, maxStudentsBelowEnrolled(current.currentStudents), "maxStudents");
      }
      await tx.update(classes).set(input).where(eq(classes.id, id));
    })
    .catch(referenceError);
  return getClass(db, id);
}

/** Refused (409) while enrolments point at the class; its curriculum goes with it. */
export async function deleteClass(db: Database, storage: FileStorage, id: string) {
  const [used] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.classId, id));
  if ((used?.n ?? 0) > 0) throw CLASS_IN_USE();
  const [deleted] = await db
    .delete(classes)
    .where(eq(classes.id, id))
    .returning({ curriculumFileId: classes.curriculumFileId })
    .catch((err) => {
      // An enrolment inserted since the count above.
      if (isForeignKeyViolation(err)) throw CLASS_IN_USE();
      throw err;
    });
  if (!deleted) throw NOT_FOUND();
  await forgetCurriculumFile(db, storage, deleted.curriculumFileId);
}

const CLASS_IN_USE = () => ApiError.of(409, IN_USE);
