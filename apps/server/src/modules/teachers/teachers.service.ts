import { TEACHER_NOT_FOUND, TEACHER_USER_NOT_PROFESSOR, TEACHER_USER_TAKEN } from "@app/shared/messages";
import type { TeacherUserOption, teacherInputSchema } from "@app/shared/schemas/catalog";
import { asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { authUser, staffProfiles, teachers } from "../../db/schema";
import { ApiError } from "../../http/errors";

type TeacherInput = z.output<typeof teacherInputSchema>;
const NOT_FOUND = () => ApiError.of(404, TEACHER_NOT_FOUND);
const USER_TAKEN = () =>
  ApiError.of(409, TEACHER_USER_TAKEN, [{ path: "userId", message: TEACHER_USER_TAKEN.message }]);

async function teacherRows(db: Database | Tx, id?: string) {
  return db
    .select({ t: teachers, userName: staffProfiles.fullName })
    .from(teachers)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, teachers.userId))
    .where(id ? eq(teachers.id, id) : undefined)
    .orderBy(desc(teachers.createdAt));
}

function teacherBody({ t, userName }: Awaited<ReturnType<typeof teacherRows>>[number]) {
  return { ...t, userName, createdAt: t.createdAt.toISOString() };
}

export async function listTeachers(db: Database) {
  return (await teacherRows(db)).map(teacherBody);
}

async function getTeacher(db: Database | Tx, id: string) {
  const [row] = await teacherRows(db, id);
  if (!row) throw NOT_FOUND();
  return teacherBody(row);
}

/** The linked user must be a staff user with the role professor (400 on the field otherwise). */
async function checkTeacherUser(tx: Tx, userId: string) {
  const [profile] = await tx
    .select({ role: staffProfiles.role })
    .from(staffProfiles)
    .where(eq(staffProfiles.userId, userId));
  if (profile?.role !== "professor") {
    throw ApiError.of(400, TEACHER_USER_NOT_PROFESSOR, [
      { path: "userId", message: TEACHER_USER_NOT_PROFESSOR.message },
    ]);
  }
}

/** A user already linked to another teacher: 409 (the unique constraint holds it under a race too). */
async function saveTeacher(db: Database, write: (tx: Tx) => Promise<string | undefined>) {
  try {
    const id = await db.transaction(write);
    if (!id) throw NOT_FOUND();
    return getTeacher(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw USER_TAKEN();
    throw err;
  }
}

async function ensureUserFree(tx: Tx, userId: string, teacherId?: string) {
  const [other] = await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  if (other && other.id !== teacherId) throw USER_TAKEN();
}

export async function createTeacher(db: Database, input: TeacherInput) {
  return saveTeacher(db, async (tx) => {
    if (input.userId) {
      await checkTeacherUser(tx, input.userId);
      await ensureUserFree(tx, input.userId);
    }
    const [row] = await tx.insert(teachers).values(input).returning({ id: teachers.id });
    return row!.id;
  });
}

/** A link kept as it was is not checked again (the user's role may have changed since). */
export async function updateTeacher(db: Database, id: string, input: TeacherInput) {
  return saveTeacher(db, async (tx) => {
    const [current] = await tx.select({ userId: teachers.userId }).from(teachers).where(eq(teachers.id, id));
    if (!current) return undefined;
    if (input.userId && input.userId !== current.userId) {
      await checkTeacherUser(tx, input.userId);
      await ensureUserFree(tx, input.userId, id);
    }
    const [row] = await tx.update(teachers).set(input).where(eq(teachers.id, id)).returning({ id: teachers.id });
    return row?.id;
  });
}

/** A deleted teacher's classes stay, without a teacher (docs/decisions/003). */
export async function deleteTeacher(db: Database, id: string) {
  const deleted = await db.delete(teachers).where(eq(teachers.id, id)).returning({ id: teachers.id });
  if (deleted.length === 0) throw NOT_FOUND();
}

/** The staff users with the role professor, by name, each with the teacher it is linked to (if any). */
export async function listTeacherUserOptions(db: Database): Promise<TeacherUserOption[]> {
  const rows = await db
    .select({
      id: staffProfiles.userId,
      name: staffProfiles.fullName,
      email: authUser.email,
      teacherId: teachers.id,
      teacherName: teachers.teacherName,
    })
    .from(staffProfiles)
    .innerJoin(authUser, eq(authUser.id, staffProfiles.userId))
    .leftJoin(teachers, eq(teachers.userId, staffProfiles.userId))
    .where(eq(staffProfiles.role, "professor"))
    .orderBy(asc(staffProfiles.fullName));
  return rows;
}
