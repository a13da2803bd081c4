import { folded, IMPORT_SPECS } from "@app/shared/data-import/kinds";
import { courseInputSchema } from "@app/shared/schemas/catalog";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { courses } from "../../db/schema";
import { renameSlug, slugForNewCourse } from "../courses/course-slugs";
import { bySchema, type ImportPlan, planned, refused, rowByRow, sameFields } from "./import-plan";
import { duplicateFinder, type SheetRow } from "./import-rows";

const spec = IMPORT_SPECS.cursos;

/** Courses, matched on their name (case and accents aside). */
export async function planCourses(db: Database | Tx, rows: SheetRow[]): Promise<ImportPlan> {
  const existing = new Map((await db.select().from(courses)).map((c) => [folded(c.name), c]));
  const duplicate = duplicateFinder("Curso");
  return rowByRow(
    rows.map((row) => {
      if ("error" in row) return refused(row.line, row.key, row.error);
      const { values } = row;
      const key = values.name!;
      const read = bySchema(spec, courseInputSchema, values);
      if ("error" in read) return refused(row.line, key, read.error);
      const again = duplicate(key, row.line);
      if (again) return refused(row.line, key, again);
      const { featured: _featured, ...input } = read.data;
      const found = existing.get(folded(key));
      if (!found) {
        return planned(row.line, key, "nova", async (tx) => {
          await tx.insert(courses).values({ ...input, slug: await slugForNewCourse(tx, input.name) });
        });
      }
      return planned(row.line, key, sameFields(found, input) ? "igual" : "atualizada", async (tx) => {
        await tx.update(courses).set(input).where(eq(courses.id, found.id));
        await renameSlug(tx, found.id, found.slug, input.name);
      });
    }),
  );
}
