import { courseEndpoints as endpoints } from "@app/shared/contract/courses";
import { courseSchemas as schemas } from "@app/shared/contract/courses.schemas";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { catalogManagerErrors, staffErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { createCourse, deleteCourse, listCourses, updateCourse } from "./courses.service";

const tags = ["courses"];
const manager = { middleware: [requireCatalogManager()], guardErrors: catalogManagerErrors, tags };

export const courseAdminRoutes = createRouter()
  .openapi(
    route(endpoints.list, schemas.list, {
      middleware: [requireScreen("courses", "classes")],
      guardErrors: staffErrors,
      tags,
    }),
    async (c) => c.json(await listCourses(c.get("deps").db), 200),
  )
  .openapi(route(endpoints.create, schemas.create, manager), async (c) =>
    c.json(await createCourse(c.get("deps").db, c.req.valid("json")), 201),
  )
  .openapi(route(endpoints.update, schemas.update, manager), async (c) =>
    c.json(await updateCourse(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(route(endpoints.remove, schemas.remove, manager), async (c) => {
    await deleteCourse(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  });
