import { teachingEndpoints as endpoints } from "@app/shared/contract/teaching";
import { teachingSchemas as schemas } from "@app/shared/contract/teaching.schemas";
import { CERTIFICATE_MANAGER_ROLES, RESULT_CORRECTION_MESSAGE } from "@app/shared/schemas/certificates";
import { requireScreen, requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { correctResult, getTeachingClass, listTeachingClasses, recordResults } from "./teaching.service";

const tags = ["teaching"];
/** 'As minhas turmas' / 'Turmas e resultados' (decision 042); a professor only for their own classes (403). */
const teaching = {
  middleware: [requireScreen("teaching")],
  guardErrors: guardErrors("Not a teaching role, or another teacher's class (professor)"),
  tags,
};

export const teachingRoutes = createRouter()
  .openapi(route(endpoints.classes, schemas.classes, teaching), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listTeachingClasses(c.get("deps").db, c.get("session")), 200);
  })
  .openapi(route(endpoints.students, schemas.students, teaching), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getTeachingClass(c.get("deps"), c.get("session"), c.req.valid("param").classId), 200);
  })
  .openapi(route(endpoints.results, schemas.results, teaching), async (c) => {
    const detail = await recordResults(
      c.get("deps"),
      c.get("session"),
      c.req.valid("param").classId,
      c.req.valid("json"),
    );
    return c.json(detail, 200);
  })
  .openapi(
    route(endpoints.correctResult, schemas.correctResult, {
      middleware: [requireStaff(CERTIFICATE_MANAGER_ROLES, RESULT_CORRECTION_MESSAGE)],
      guardErrors: guardErrors("Not super_admin, admin or secretaria"),
      tags,
    }),
    async (c) => {
      const detail = await correctResult(
        c.get("deps"),
        c.get("session").user!.id,
        c.req.valid("param").enrollmentId,
        c.req.valid("json"),
      );
      return c.json(detail, 200);
    },
  );
