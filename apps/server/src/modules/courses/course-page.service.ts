import { todayInLuanda } from "@app/shared/dates";
import { seatLabel } from "@app/shared/rules";
import type { coursePageSchema } from "@app/shared/schemas/catalog";
import { and, asc, eq, gte } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { classes, courseSlugRedirects } from "../../db/schema";
import { loadCatalog } from "./courses.service";

export type CoursePage = z.infer<typeof coursePageSchema>;

/**
 * What `/cursos/{slug}` shows (decision 093): the active course from the cached catalogue (fresh within
 * its 2 s, decision 048) and its classes read now, so a seat label is never stale. A former slug finds the
 * course too (`page.course.slug` then differs: the HTML route answers 301). Inactive or unknown: undefined.
 */
export async function findCoursePage(db: Database, slug: string, now = new Date()): Promise<CoursePage | undefined> {
  const { rows } = await loadCatalog(db);
  let course = rows.find((c) => c.slug === slug);
  if (!course) {
    const [moved] = await db
      .select({ courseId: courseSlugRedirects.courseId })
      .from(courseSlugRedirects)
      .where(eq(courseSlugRedirects.slug, slug));
    course = moved && rows.find((c) => c.id === moved.courseId);
  }
  if (!course) return undefined;
  const open = await db
    .select()
    .from(classes)
    .where(
      and(
        eq(classes.courseId, course.id),
        eq(classes.status, "active"),
        gte(classes.enrollmentEndDate, todayInLuanda(now)),
      ),
    )
    .orderBy(asc(classes.startDate), asc(classes.name));
  return {
    course,
    classes: open.map((c) => ({
      id: c.id,
      name: c.name,
      classType: c.classType,
      location: c.location,
      enrollmentStartDate: c.enrollmentStartDate,
      enrollmentEndDate: c.enrollmentEndDate,
      startDate: c.startDate,
      endDate: c.endDate,
      schedule: c.schedule,
      seats: seatLabel(c.currentStudents, c.maxStudents),
    })),
  };
}
