import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { route } from "../../../http/contract";
import { createRouter } from "../../../http/router";
import { editor, editorUpload } from "../enrollment-guards";
import { createStaffEnrollment, editEnrollment, listPhoneAccounts } from "./staff-entry.service";

/** Staff record an enrolment for a student ('Nova inscrição') and correct its data ('Editar inscrição'). */
export const staffEntryRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.phoneAccounts, schemas.phoneAccounts, editor), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listPhoneAccounts(c.get("deps").db, c.req.valid("query").phone), 200);
  })
  .openapi(route(endpoints.create, schemas.create, editorUpload), async (c) => {
    const { db, storage } = c.get("deps");
    const form = await c.req.parseBody();
    return c.json(await createStaffEnrollment(db, storage, c.get("session").user!.id, form), 201);
  })
  .openapi(route(endpoints.edit, schemas.edit, editor), async (c) =>
    c.json(
      await editEnrollment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
