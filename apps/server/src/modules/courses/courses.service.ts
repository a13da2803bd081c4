import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { COURSE_NOT_FOUND, featuredLimit, COURSE_IN_USE as IN_USE } from "@app/shared/messages";
import type { courseInputSchema } from "@app/shared/schemas/catalog";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { isForeignKeyViolation } from "../../db/pg-errors";
import { classes, courses, enrollments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { renameSlug, slugForNewCourse } from "./course-slugs";

type CatalogCourse = Awaited<ReturnType<typeof queryCatalog>>[number];

/** The public catalogue as sent: its rows, their JSON and a validator that changes whenever the JSON does. */
export interface Catalog {
  rows: CatalogCourse[];
  json: string;
  /** The JSON gzip-compressed once per cache entry, for the clients that take gzip (decision 059). */
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * The public catalogue is read by every visitor and changes rarely: each process keeps it for
 * CATALOG_TTL_MS, so concurrent requests share one query (and one JSON.stringify). Course changes in this
 * process call forgetCatalog; other instances see them within the TTL. Browsers revalidate it on every
 * use with its ETag (decision 048), so a saved course shows at once.
 */
export const CATALOG_TTL_MS = 2_000;
const catalogCache = new WeakMap<Database, { at: number; catalog: Promise<Catalog> }>();

/** Active courses, newest first: the public catalogue. `now` (ms) lets tests step past the TTL without waiting. */
export function loadCatalog(db: Database, now: number = Date.now()): Promise<Catalog> {
  const hit = catalogCache.get(db);
  if (hit && now - hit.at < CATALOG_TTL_MS) return hit.catalog;
  const catalog = queryCatalog(db).then((rows) => {
    const json = JSON.stringify(rows);
    // A hash of the very bytes sent: any change of any active course (or one more, or one less) changes it.
    const etag = `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`;
    return { rows, json, gzip: new Uint8Array(gzipSync(json)), etag };
  });
  catalogCache.set(db, { at: now, catalog });
  catalog.catch(() => catalogCache.delete(db));
  return catalog;
}

export async function listCatalog(db: Database, now: number = Date.now()): Promise<CatalogCourse[]> {
  return (await loadCatalog(db, now)).rows;
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
    slug: r.slug,
    description: r.description,
    area: r.area,
    modality: r.modality,
    durationMonths: r.durationMonths,
    workloadHours: r.workloadHours,
    price: r.price,
    status: r.status,
    featured: r.featured,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Every course, newest first (staff). */
export async function listCourses(db: Database) {
  return (await db.select().from(courses).orderBy(desc(courses.createdAt))).map(courseBody);
}

/** A new course is featured only when chosen (`featured` omitted: not featured). */
export async function createCourse(db: Database, input: z.output<typeof courseInputSchema>) {
  const row = await db.transaction(async (tx) => {
    if (input.featured) await lockFeatured(tx);
    const slug = await slugForNewCourse(tx, input.name);
    const [inserted] = await tx
      .insert(courses)
      .values({ ...input, slug })
      .returning();
    if (input.featured) await ensureFeaturedLimit(tx, inserted!.id);
    return inserted!;
  });
  forgetCatalog(db);
  return courseBody(row);
}

/** `featured` omitted keeps the course's current choice. */
export async function updateCourse(db: Database, id: string, input: z.output<typeof courseInputSchema>) {
  const row = await db.transaction(async (tx) => {
    if (input.featured) await lockFeatured(tx);
    const [updated] = await tx.update(courses).set(input).where(eq(courses.id, id)).returning();
    if (!updated) return undefined;
    if (input.featured) await ensureFeaturedLimit(tx, id);
    return { ...updated, slug: await renameSlug(tx, id, updated.slug, updated.name) };
  });
  if (!row) throw ApiError.of(404, COURSE_NOT_FOUND);
  forgetCatalog(db);
  return courseBody(row);
}

export const MAX_FEATURED_COURSES = 3;

/**
 * Every writer of `featured = true` takes this lock before writing and counting, so two staff
 * saving at once cannot both take the last place (the second one counts after the first commits).
 */
async function lockFeatured(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('courses.featured'))`);
}

/**
 * Refuses (409, the transaction rolls back) a featured course beyond the third. Inactive featured
 * courses count too: the flag is staff's choice, so the message names the others.
 */
async function ensureFeaturedLimit(tx: Tx, courseId: string) {
  const others = await tx
    .select({ name: courses.name })
    .from(courses)
    .where(and(eq(courses.featured, true), ne(courses.id, courseId)))
    .orderBy(asc(courses.name));
  if (others.length < MAX_FEATURED_COURSES) return;
  throw ApiError.onField(
    409,
    featuredLimit(
      MAX_FEATURED_COURSES,
      others.map((c) => c.name),
    ),
    "featured",
  );
}

/** Refused (409) while classes or enrolments point at the course: nothing is lost. */
export async function deleteCourse(db: Database, id: string) {
  const [classCount] = await db.select({ n: count() }).from(classes).where(eq(classes.courseId, id));
  const [enrollmentCount] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, id));
  if ((classCount?.n ?? 0) > 0 || (enrollmentCount?.n ?? 0) > 0) throw COURSE_IN_USE();
  try {
    const deleted = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
    if (deleted.length === 0) throw ApiError.of(404, COURSE_NOT_FOUND);
  } catch (err) {
    // A class or enrolment created between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(err)) throw COURSE_IN_USE();
    throw err;
  }
  forgetCatalog(db);
}

const COURSE_IN_USE = () => ApiError.of(409, IN_USE);
