import { courseEndpoints } from "@app/shared/contract/courses";
import { courseSchemas } from "@app/shared/contract/courses.schemas";
import { COURSE_NOT_FOUND } from "@app/shared/messages";
import { COMPRESSION_THRESHOLD_BYTES } from "../../http/compression";
import { route } from "../../http/contract";
import { ApiError } from "../../http/errors";
import { createRouter } from "../../http/router";
import { findCoursePage } from "./course-page.service";
import { loadCatalog } from "./courses.service";

const catalogRoute = route(courseEndpoints.catalog, courseSchemas.catalog, { tags: ["courses"] });
const pageRoute = route(courseEndpoints.page, courseSchemas.page, { tags: ["courses"] });

/** If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

export const courseRoutes = createRouter()
  .openapi(pageRoute, async (c) => {
    const page = await findCoursePage(c.get("deps").db, c.req.valid("param").slug);
    if (!page) throw ApiError.of(404, COURSE_NOT_FOUND);
    // Seat labels change with each enrolment: never kept by a cache.
    c.header("Cache-Control", "no-store");
    return c.json(page, 200);
  })
  .openapi(catalogRoute, async (c) => {
    const catalog = await loadCatalog(c.get("deps").db);
    // Decision 048: revalidated on every use, so a course saved, edited or deactivated shows at once.
    c.header("Cache-Control", "no-cache");
    c.header("ETag", catalog.etag);
    if (matches(c.req.header("if-none-match"), catalog.etag)) return c.body(null, 304);
    c.header("Content-Type", "application/json");
    c.header("Vary", "Accept-Encoding");
    // Compressed once per cache entry rather than per request (the /api compression would gzip each copy,
    // which cut the catalogue's throughput ~5×: decision 059).
    const takesGzip = /gzip|\*/i.test(c.req.header("Accept-Encoding") ?? "");
    if (takesGzip && catalog.json.length >= COMPRESSION_THRESHOLD_BYTES) {
      c.header("Content-Encoding", "gzip");
      c.header("Content-Length", String(catalog.gzip.byteLength));
      return c.body(catalog.gzip, 200) as never;
    }
    return c.body(catalog.json, 200) as never;
  });
