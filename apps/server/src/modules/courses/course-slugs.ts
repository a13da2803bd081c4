import { slugify, uniqueSlug } from "@app/shared/slug";
import { and, eq, like, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { courseSlugRedirects, courses } from "../../db/schema";

/**
 * The slug a course named `name` gets (decision 093): its name folded, numbered (-2, -3…) when another
 * course has it or had it. `courseId` is the course being renamed (its own slugs are not in the way).
 * Callers hold the slug lock, so two saves at once cannot take the same slug.
 */
async function freeSlug(tx: Tx, name: string, courseId?: string): Promise<string> {
  const base = slugify(name);
  const near = (column: typeof courses.slug | typeof courseSlugRedirects.slug) =>
    or(eq(column, base), like(column, `${base}-%`));
  const [current, former] = await Promise.all([
    tx
      .select({ slug: courses.slug })
      .from(courses)
      .where(and(near(courses.slug), courseId ? ne(courses.id, courseId) : undefined)),
    tx
      .select({ slug: courseSlugRedirects.slug })
      .from(courseSlugRedirects)
      .where(and(near(courseSlugRedirects.slug), courseId ? ne(courseSlugRedirects.courseId, courseId) : undefined)),
  ]);
  return uniqueSlug(base, new Set([...current, ...former].map((r) => r.slug)));
}

async function lockSlugs(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('courses.slug'))`);
}

/** The slug of a new course. */
export async function slugForNewCourse(tx: Tx, name: string): Promise<string> {
  await lockSlugs(tx);
  return freeSlug(tx, name);
}

/**
 * After a rename: the course takes the new name's slug and its former one answers 301 to it. A name that
 * folds to the same slug keeps the slug (a changed accent or capital does not move the page).
 */
export async function renameSlug(tx: Tx, courseId: string, currentSlug: string, name: string): Promise<string> {
  const base = slugify(name);
  if (currentSlug === base || new RegExp(`^${base}-\\d+$`).test(currentSlug)) return currentSlug;
  await lockSlugs(tx);
  const slug = await freeSlug(tx, name, courseId);
  // Renamed back to a former name: that address is the page again, not a redirect.
  await tx.delete(courseSlugRedirects).where(eq(courseSlugRedirects.slug, slug));
  await tx.insert(courseSlugRedirects).values({ slug: currentSlug, courseId }).onConflictDoNothing();
  await tx.update(courses).set({ slug }).where(eq(courses.id, courseId));
  return slug;
}
