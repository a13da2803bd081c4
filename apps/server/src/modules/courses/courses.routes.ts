import { catalogCourseSchema } from "@app/shared/schemas/catalog";
import { createRoute, z } from "@hono/zod-openapi";
import { component } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { listCatalog } from "./courses.service";

const catalogCourseBody = component("CatalogCourse", catalogCourseSchema);

const catalogRoute = createRoute({
  method: "get",
  path: "/courses/catalog",
  tags: ["courses"],
  summary: "Public catalogue: active courses, newest first; `featured` ones are shown on the home page",
  responses: {
    200: { description: "Active courses", content: { "application/json": { schema: z.array(catalogCourseBody) } } },
  },
});

export const courseRoutes = createRouter().openapi(catalogRoute, async (c) => {
  c.header("Cache-Control", "public, max-age=60");
  return c.json(await listCatalog(c.get("deps").db), 200);
});
