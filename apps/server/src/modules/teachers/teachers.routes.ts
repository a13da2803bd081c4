import { teacherEndpoints as endpoints } from "@app/shared/contract/teachers";
import { teacherSchemas as schemas } from "@app/shared/contract/teachers.schemas";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { catalogManagerErrors, staffErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { createTeacher, deleteTeacher, listTeachers, listTeacherUserOptions, updateTeacher } from "./teachers.service";

const tags = ["teachers"];
const manager = { middleware: [requireCatalogManager()], guardErrors: catalogManagerErrors, tags };

export const teacherRoutes = createRouter()
  .openapi(
    route(endpoints.list, schemas.list, {
      middleware: [requireScreen("teachers", "classes")],
      guardErrors: staffErrors,
      tags,
    }),
    async (c) => c.json(await listTeachers(c.get("deps").db), 200),
  )
  .openapi(route(endpoints.userOptions, schemas.userOptions, manager), async (c) =>
    c.json(await listTeacherUserOptions(c.get("deps").db), 200),
  )
  .openapi(route(endpoints.create, schemas.create, manager), async (c) =>
    c.json(await createTeacher(c.get("deps").db, c.req.valid("json")), 201),
  )
  .openapi(route(endpoints.update, schemas.update, manager), async (c) =>
    c.json(await updateTeacher(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(route(endpoints.remove, schemas.remove, manager), async (c) => {
    await deleteTeacher(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  });
