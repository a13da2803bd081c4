import { STUDENT_ACCOUNT_NOT_FOUND } from "@app/shared/messages";
import {
  adminStudentAccountSchema,
  editStudentCredentialsSchema,
  resetStudentPasswordSchema,
  STUDENT_ACCOUNT_MANAGER_MESSAGE,
  STUDENT_ACCOUNT_MANAGER_ROLES,
} from "@app/shared/schemas/student-accounts";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requireScreen, requireStaff } from "../../auth/guards";
import type { AppEnv } from "../../http/env";
import { errorResponse, guardErrors, staffErrors } from "../../http/errors";
import { idempotencyErrors, idempotencyHeaders } from "../../http/idempotency";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { editStudentCredentials, listStudentAccounts, resetStudentPassword } from "./student-accounts.admin.service";

/** Decision 020: every staff role sees 'Contas de Alunos'; super_admin, admin and secretaria change credentials. */
const requireManager = () => requireStaff(STUDENT_ACCOUNT_MANAGER_ROLES, STUDENT_ACCOUNT_MANAGER_MESSAGE);
const managerErrors = guardErrors("Not super_admin, admin or secretaria");

const accountBody = component("AdminStudentAccount", adminStudentAccountSchema);
const idParam = z.object({ id: z.uuid({ message: STUDENT_ACCOUNT_NOT_FOUND.message }) });
const notFound = { 404: errorResponse("No such student account") };

const list = createRoute({
  method: "get",
  path: "/admin/student-accounts",
  tags: ["student-accounts"],
  summary: "Every student account, newest first, with its enrolments and receipts (never a password)",
  middleware: [requireScreen("studentAccounts")] as const,
  responses: {
    200: { description: "Student accounts", ...json(z.array(accountBody)) },
    ...staffErrors,
  },
});

const editCredentials = createRoute({
  method: "put",
  path: "/admin/student-accounts/{id}/credentials",
  tags: ["student-accounts"],
  summary:
    "Changes the login code and optionally sets a new (temporary) password; the student's sessions end. 409 'Código já em uso'. Idempotent per Idempotency-Key",
  middleware: [requireManager()] as const,
  request: {
    params: idParam,
    headers: idempotencyHeaders,
    body: { required: true, ...json(editStudentCredentialsSchema) },
  },
  responses: {
    200: { description: "The account as it is now", ...json(accountBody) },
    400: errorResponse("Invalid code or password, or no Idempotency-Key"),
    ...managerErrors,
    ...notFound,
    409: errorResponse("The code belongs to another student, or the Idempotency-Key was used for another request"),
  },
});

const resetPassword = createRoute({
  method: "post",
  path: "/admin/student-accounts/{id}/reset-password",
  tags: ["student-accounts"],
  summary:
    "Generates a new temporary password, shown only in this answer; the student's sessions end. A repeated request with the same Idempotency-Key gets the same password and resets nothing",
  middleware: [requireManager()] as const,
  request: { params: idParam, headers: idempotencyHeaders },
  responses: {
    200: { description: "The code and the new password (only now)", ...json(resetStudentPasswordSchema) },
    400: errorResponse("No Idempotency-Key"),
    ...managerErrors,
    ...notFound,
    ...idempotencyErrors,
  },
});

export const studentAccountAdminRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listStudentAccounts(c.get("deps").db), 200);
  })
  .openapi(editCredentials, async (c) => {
    const { db } = c.get("deps");
    const row = await editStudentCredentials(db, c.req.valid("param").id, c.req.valid("json"), confirmation(c));
    return c.json(row, 200);
  })
  .openapi(resetPassword, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await resetStudentPassword(c.get("deps").db, c.req.valid("param").id, confirmation(c)), 200);
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
