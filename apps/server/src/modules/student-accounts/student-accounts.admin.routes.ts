import {
  adminStudentAccountSchema,
  editStudentCredentialsSchema,
  resetStudentPasswordSchema,
  STUDENT_ACCOUNT_MANAGER_MESSAGE,
  STUDENT_ACCOUNT_MANAGER_ROLES,
} from "@app/shared/schemas/student-accounts";
import { createRoute, z } from "@hono/zod-openapi";
import { requireScreen, requireStaff } from "../../auth/guards";
import { errorResponse, guardErrors, staffErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { editStudentCredentials, listStudentAccounts, resetStudentPassword } from "./student-accounts.admin.service";

/** Decision 020: every staff role sees 'Contas de Alunos'; super_admin, admin and secretaria change credentials. */
const requireManager = () => requireStaff(STUDENT_ACCOUNT_MANAGER_ROLES, STUDENT_ACCOUNT_MANAGER_MESSAGE);
const managerErrors = guardErrors("Not super_admin, admin or secretaria");

const accountBody = component("AdminStudentAccount", adminStudentAccountSchema);
const idParam = z.object({ id: z.uuid({ message: "Conta do aluno não encontrada" }) });
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
    "Changes the login code and optionally sets a new (temporary) password; the student's sessions end. 409 'Código já em uso'",
  middleware: [requireManager()] as const,
  request: { params: idParam, body: { required: true, ...json(editStudentCredentialsSchema) } },
  responses: {
    200: { description: "The account as it is now", ...json(accountBody) },
    400: errorResponse("Invalid code or password"),
    ...managerErrors,
    ...notFound,
    409: errorResponse("The code belongs to another student"),
  },
});

const resetPassword = createRoute({
  method: "post",
  path: "/admin/student-accounts/{id}/reset-password",
  tags: ["student-accounts"],
  summary: "Generates a new temporary password, shown only in this answer; the student's sessions end",
  middleware: [requireManager()] as const,
  request: { params: idParam },
  responses: {
    200: { description: "The code and the new password (only now)", ...json(resetStudentPasswordSchema) },
    ...managerErrors,
    ...notFound,
  },
});

export const studentAccountAdminRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listStudentAccounts(c.get("deps").db), 200);
  })
  .openapi(editCredentials, async (c) => {
    const row = await editStudentCredentials(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"));
    return c.json(row, 200);
  })
  .openapi(resetPassword, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await resetStudentPassword(c.get("deps").db, c.req.valid("param").id), 200);
  });
