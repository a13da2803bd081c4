import { studentAccountEndpoints as endpoints } from "@app/shared/contract/student-accounts";
import { studentAccountSchemas as schemas } from "@app/shared/contract/student-accounts.schemas";
import { STUDENT_ACCOUNT_MANAGER_MESSAGE, STUDENT_ACCOUNT_MANAGER_ROLES } from "@app/shared/schemas/student-accounts";
import type { Context } from "hono";
import { requireScreen, requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import type { AppEnv } from "../../http/env";
import { guardErrors, staffErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { sendPasswordBySms } from "../sms/password-sms";
import { editStudentCredentials, listStudentAccounts, resetStudentPassword } from "./student-accounts.admin.service";

const tags = ["student-accounts"];

/** Decision 020: every staff role sees 'Contas de Alunos'; super_admin, admin and secretaria change credentials. */
const manager = {
  middleware: [requireStaff(STUDENT_ACCOUNT_MANAGER_ROLES, STUDENT_ACCOUNT_MANAGER_MESSAGE)],
  guardErrors: guardErrors("Not super_admin, admin or secretaria"),
  tags,
};

export const studentAccountAdminRoutes = createRouter()
  .openapi(
    route(endpoints.list, schemas.list, {
      middleware: [requireScreen("studentAccounts")],
      guardErrors: staffErrors,
      tags,
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listStudentAccounts(c.get("deps").db, c.req.valid("query")), 200);
    },
  )
  .openapi(route(endpoints.editCredentials, schemas.editCredentials, manager), async (c) => {
    const { db } = c.get("deps");
    const row = await editStudentCredentials(db, c.req.valid("param").id, c.req.valid("json"), confirmation(c));
    return c.json(row, 200);
  })
  .openapi(route(endpoints.resetPassword, schemas.resetPassword, manager), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await resetStudentPassword(c.get("deps").db, c.req.valid("param").id, confirmation(c)), 200);
  })
  .openapi(route(endpoints.passwordSms, schemas.passwordSms, manager), async (c) => {
    const { db, sms } = c.get("deps");
    return c.json(await sendPasswordBySms(db, sms, c.req.valid("param").id, confirmation(c)), 200);
  });

/** The caller and the key of a confirmation (decision 026). */
function confirmation(c: Context<AppEnv>) {
  return {
    // Validated as a UUID by the route; one spelling, whatever the case the client used.
    key: c.req.header("idempotency-key")!.toLowerCase(),
    actorUserId: c.get("session").user!.id,
    authSecret: c.get("deps").config.authSecret,
  };
}
