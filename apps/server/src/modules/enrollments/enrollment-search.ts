import { type AnyColumn, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { searchCondition } from "../../db/lists";
import { courses, enrollments } from "../../db/schema";

/**
 * The enrolments that a list's search `q` finds (decision 062): `keys` (stored normalised columns of
 * `enrollments`) or the phone contain it, or their course's name does. The courses (a few rows) are
 * searched first, on their own, and their ids compared: every branch then reads `enrollments` alone,
 * with values PostgreSQL can estimate, so it answers from the trigram indexes (a bitmap OR) when few
 * rows match instead of reading every row.
 */
export async function enrollmentMatching(
  db: Database,
  q: string | undefined,
  keys: AnyColumn[],
): Promise<SQL | undefined> {
  const named = searchCondition(q, [courses.nameKey]);
  if (!named) return undefined;
  const found = await db.select({ id: courses.id }).from(courses).where(named);
  const ofCourse =
    found.length > 0
      ? inArray(
          enrollments.courseId,
          found.map((c) => c.id),
        )
      : undefined;
  return or(searchCondition(q, keys, [enrollments.studentPhone]), ofCourse);
}

/**
 * `column` (an enrolment id of a joined table: a receipt's, a payment's) names an enrolment that the
 * search finds: a sub-select on `enrollments` alone, which PostgreSQL joins from whichever side is
 * cheaper (few matches: from the matching enrolments; many: walking the list's own order).
 */
export async function ofEnrollmentMatching(
  db: Database,
  column: AnyColumn,
  q: string | undefined,
  keys: AnyColumn[],
): Promise<SQL | undefined> {
  const matching = await enrollmentMatching(db, q, keys);
  return matching && inArray(column, sql`(select ${enrollments.id} from ${enrollments} where ${matching})`);
}
