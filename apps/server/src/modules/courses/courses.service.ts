import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { courses } from "../../db/schema";

/** Active courses, newest first: the public catalogue. */
export async function listCatalog(db: Database) {
  const rows = await db.select().from(courses).where(eq(courses.status, "active")).orderBy(desc(courses.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    area: r.area,
    modality: r.modality,
    durationMonths: r.durationMonths,
    price: r.price,
    createdAt: r.createdAt.toISOString(),
  }));
}
