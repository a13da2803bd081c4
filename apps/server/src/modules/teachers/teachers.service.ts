import { TEACHER_NOT_FOUND } from "@app/shared/messages";
import type { teacherInputSchema } from "@app/shared/schemas/catalog";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { teachers } from "../../db/schema";
import { ApiError } from "../../http/errors";

type TeacherRow = typeof teachers.$inferSelect;
const NOT_FOUND = () => ApiError.of(404, TEACHER_NOT_FOUND);

function teacherBody(r: TeacherRow) {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

export async function listTeachers(db: Database) {
  return (await db.select().from(teachers).orderBy(desc(teachers.createdAt))).map(teacherBody);
}

export async function createTeacher(db: Database, input: z.output<typeof teacherInputSchema>) {
  const [row] = await db.insert(teachers).values(input).returning();
  return teacherBody(row!);
}

export async function updateTeacher(db: Database, id: string, input: z.output<typeof teacherInputSchema>) {
  const [row] = await db.update(teachers).set(input).where(eq(teachers.id, id)).returning();
  if (!row) throw NOT_FOUND();
  return teacherBody(row);
}

/** A deleted teacher's classes stay, without a teacher (docs/decisions/003). */
export async function deleteTeacher(db: Database, id: string) {
  const deleted = await db.delete(teachers).where(eq(teachers.id, id)).returning({ id: teachers.id });
  if (deleted.length === 0) throw NOT_FOUND();
}
