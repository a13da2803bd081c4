import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { ENROLLMENT_EDITOR_MESSAGE, ENROLLMENT_REVIEWER_ROLES } from "@app/shared/enrollment-review";
import { requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { createStaffEnrollment, editEnrollment } from "./enrollment-staff.service";
import { documentsBodyLimit } from "./enrollments.routes";

/** Those who approve enrolments also record and correct them (decision 018). */
export const requireEditor = () => requireStaff(ENROLLMENT_REVIEWER_ROLES, ENROLLMENT_EDITOR_MESSAGE);
const editorErrors = guardErrors("Not super_admin, admin or secretaria");
const tags = ["enrollments"];

export const enrollmentStaffRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(
    route(endpoints.create, schemas.create, {
      middleware: [requireEditor(), documentsBodyLimit()],
      guardErrors: editorErrors,
      tags,
    }),
    async (c) => {
      const { db, storage } = c.get("deps");
      const form = await c.req.parseBody();
      return c.json(await createStaffEnrollment(db, storage, c.get("session").user!.id, form), 201);
    },
  )
  .openapi(
    route(endpoints.edit, schemas.edit, { middleware: [requireEditor()], guardErrors: editorErrors, tags }),
    async (c) =>
      c.json(
        await editEnrollment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
  );
