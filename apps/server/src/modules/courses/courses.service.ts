import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { courses } from "../../db/schema";

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
