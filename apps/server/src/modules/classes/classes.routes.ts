import { classEndpoints as endpoints } from "@app/shared/contract/classes";
import { classSchemas as schemas } from "@app/shared/contract/classes.schemas";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { ApiError, catalogManagerErrors, staffErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { attachCurriculum, detachCurriculum } from "./class-curriculum.service";
import { createClass, deleteClass, getClass, listClasses, updateClass } from "./classes.service";

const tags = ["classes"];
const manager = { middleware: [requireCatalogManager()], guardErrors: catalogManagerErrors, tags };

const curriculumSizeLimit = bodyLimit({
  maxSize: MAX_FILE_BYTES + 64 * 1024,
  onError: () => {
    throw ApiError.of(413, FILE_TOO_LARGE);
  },
});

export const classRoutes = createRouter()
  .openapi(
    route(endpoints.list, schemas.list, { middleware: [requireScreen("classes")], guardErrors: staffErrors, tags }),
    async (c) => c.json(await listClasses(c.get("deps").db), 200),
  )
  .openapi(route(endpoints.create, schemas.create, manager), async (c) =>
    c.json(await createClass(c.get("deps").db, c.req.valid("json")), 201),
  )
  .openapi(route(endpoints.update, schemas.update, manager), async (c) =>
    c.json(await updateClass(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(route(endpoints.remove, schemas.remove, manager), async (c) => {
    const { db, storage } = c.get("deps");
    await deleteClass(db, storage, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(
    route(endpoints.uploadCurriculum, schemas.uploadCurriculum, {
      ...manager,
      middleware: [requireCatalogManager(), curriculumSizeLimit],
    }),
    async (c) => {
      const { db, storage } = c.get("deps");
      const { id } = c.req.valid("param");
      await attachCurriculum(db, storage, { userId: c.get("session").user!.id }, id, c.req.valid("form").file);
      return c.json(await getClass(db, id), 200);
    },
  )
  .openapi(route(endpoints.removeCurriculum, schemas.removeCurriculum, manager), async (c) => {
    const { db, storage } = c.get("deps");
    const { id } = c.req.valid("param");
    await detachCurriculum(db, storage, id);
    return c.json(await getClass(db, id), 200);
  });
