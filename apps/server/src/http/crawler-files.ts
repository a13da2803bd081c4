import { coursePagePath } from "@app/shared/course-page";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { courses } from "../db/schema";
import type { AppHono } from "./env";

/** The public pages a crawler may list: the home page and the catalogue (each course is added below). */
const PUBLIC_PAGES = ["/", "/cursos"];

/**
 * robots.txt: the public pages open to crawlers; the signed-in areas and the API closed (they answer
 * nothing useful to a crawler and cost a request each). Names the sitemap.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /aluno",
    "Disallow: /api",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** sitemap.xml: the public pages and every active course's page, with the day it was last saved. */
export async function sitemapXml(db: Database, baseUrl: string): Promise<string> {
  const active = await db
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.status, "active"))
    .orderBy(asc(courses.slug));
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(`${baseUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  const newest = active.reduce<Date | undefined>((a, c) => (!a || c.updatedAt > a ? c.updatedAt : a), undefined);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((p) => entry(p, p === "/cursos" ? newest : undefined)),
    ...active.map((c) => entry(coursePagePath(c.slug), c.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

export function mountCrawlerFiles(app: AppHono): void {
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(c.get("deps").config.baseUrl));
  });
  app.get("/sitemap.xml", async (c) => {
    const { db, config } = c.get("deps");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    return c.body(await sitemapXml(db, config.baseUrl));
  });
}
