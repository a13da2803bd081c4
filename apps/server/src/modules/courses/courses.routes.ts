import { catalogCourseSchema } from "@app/shared/schemas/catalog";
import { createRoute, z } from "@hono/zod-openapi";
import { component } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { loadCatalog } from "./courses.service";

const catalogCourseBody = component("CatalogCourse", catalogCourseSchema);

const catalogRoute = createRoute({
  method: "get",
  path: "/courses/catalog",
  tags: ["courses"],
  summary: "Public catalogue: active courses, newest first; `featured` ones are shown on the home page",
  description:
    "Sent with `Cache-Control: no-cache` and an `ETag`: a cache may keep it but asks each time; `If-None-Match` with the current ETag answers 304 without a body.",
  responses: {
    200: { description: "Active courses", content: { "application/json": { schema: z.array(catalogCourseBody) } } },
    304: { description: "Unchanged since the ETag in If-None-Match" },
  },
});

/** If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

export const courseRoutes = createRouter().openapi(catalogRoute, async (c) => {
  const catalog = await loadCatalog(c.get("deps").db);
  // Decision 048: revalidated on every use, so a course saved, edited or deactivated shows at once.
  c.header("Cache-Control", "no-cache");
  c.header("ETag", catalog.etag);
  if (matches(c.req.header("if-none-match"), catalog.etag)) return c.body(null, 304);
  c.header("Content-Type", "application/json");
  return c.body(catalog.json, 200) as never;
});
