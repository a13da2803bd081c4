import type { courseInputSchema } from "@app/shared";
import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { classes, courses, enrollments } from "../../db/schema";
import { ApiError } from "../../http/errors";

type CatalogCourse = Awaited<ReturnType<typeof queryCatalog>>[number];

/**
 * The public catalogue is read by every visitor and changes rarely: each process keeps it for
 * CATALOG_TTL_MS, so concurrent requests share one query. Course changes in this process call
 * forgetCatalog; other instances see them within the TTL.
 */
const CATALOG_TTL_MS = 2_000;
const catalogCache = new WeakMap<Database, { at: number; rows: Promise<CatalogCourse[]> }>();

/** Active courses, newest first: the public catalogue. */
export function listCatalog(db: Database): Promise<CatalogCourse[]> {
  const hit = catalogCache.get(db);
  if (hit && Date.now() - hit.at < CATALOG_TTL_MS) return hit.rows;
  const rows = queryCatalog(db);
  catalogCache.set(db, { at: Date.now(), rows });
  rows.catch(() => catalogCache.delete(db));
  return rows;
}

export function forgetCatalog(db: Database): void {
  catalogCache.delete(db);
}

async function queryCatalog(db: Database) {
  const rows = await db.select().from(courses).where(eq(courses.status, "active")).orderBy(desc(courses.createdAt));
  // The public shape is the staff one without the status (always active here).
  return rows.map((r) => {
    const { status: _status, ...course } = courseBody(r);
    return course;
  });
}

export type CourseRow = typeof courses.$inferSelect;

export function courseBody(r: CourseRow) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    area: r.area,
    modality: r.modality,
    durationMonths: r.durationMonths,
    price: r.price,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Every course, newest first (staff). */
export async function listCourses(db: Database) {
  return (await db.select().from(courses).orderBy(desc(courses.createdAt))).map(courseBody);
}

export async function createCourse(db: Database, input: z.output<typeof courseInputSchema>) {
  const [row] = await db.insert(courses).values(input).returning();
  forgetCatalog(db);
  return courseBody(row!);
}

export async function updateCourse(db: Database, id: string, input: z.output<typeof courseInputSchema>) {
  const [row] = await db.update(courses).set(input).where(eq(courses.id, id)).returning();
  if (!row) throw new ApiError(404, "not_found", "Curso não encontrado");
  forgetCatalog(db);
  return courseBody(row);
}

/** Refused (409) while classes or enrolments point at the course: nothing is lost. */
export async function deleteCourse(db: Database, id: string) {
  const [classCount] = await db.select({ n: count() }).from(classes).where(eq(classes.courseId, id));
  const [enrollmentCount] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, id));
  if ((classCount?.n ?? 0) > 0 || (enrollmentCount?.n ?? 0) > 0) throw COURSE_IN_USE();
  try {
    const deleted = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
    if (deleted.length === 0) throw new ApiError(404, "not_found", "Curso não encontrado");
  } catch (err) {
    // A class or enrolment created between the check and the delete: the foreign key refuses.
    if ((err as { cause?: { code?: string } }).cause?.code === "23503") throw COURSE_IN_USE();
    throw err;
  }
  forgetCatalog(db);
}

const COURSE_IN_USE = () =>
  new ApiError(409, "course_in_use", "Não é possível excluir este curso: existem turmas ou inscrições associadas.");
