import {
  changeStudentPasswordSchema,
  createStudentAccountSchema,
  newStudentCredentialsSchema,
  ownStudentAccountSchema,
  passwordChangedSchema,
} from "@app/shared/schemas/student-accounts";
import { createRoute } from "@hono/zod-openapi";
import { clientIp } from "../../auth/client-ip";
import { requireStudent } from "../../auth/guards";
import { COUNTERS, recordSuccess, takeAttempt } from "../../auth/rate-limit";
import { ApiError, errorResponse, studentErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { changeOwnPassword, createStudentAccount, getOwnAccount } from "./student-accounts.service";

const credentialsBody = component("NewStudentCredentials", newStudentCredentialsSchema);
const ownAccountBody = component("OwnStudentAccount", ownStudentAccountSchema);

const createAccount = createRoute({
  method: "post",
  path: "/student-accounts",
  tags: ["student-accounts"],
  summary: "Creates a student account; the generated code and password are shown once",
  request: { body: { required: true, ...json(createStudentAccountSchema) } },
  responses: {
    201: { description: "The code and temporary password (only now)", ...json(credentialsBody) },
    400: errorResponse("Invalid input"),
    429: errorResponse("Too many accounts from this IP or phone"),
  },
});

const getOwn = createRoute({
  method: "get",
  path: "/student-accounts/me",
  tags: ["student-accounts"],
  summary: "The signed-in student's own account",
  middleware: [requireStudent({ allowTemporaryPassword: true })] as const,
  responses: {
    200: { description: "The account", ...json(ownAccountBody) },
    ...studentErrors,
  },
});

const changePassword = createRoute({
  method: "put",
  path: "/student-accounts/me/password",
  tags: ["student-accounts"],
  summary: "Changes the student's own password; ends their other sessions",
  middleware: [requireStudent({ allowTemporaryPassword: true })] as const,
  request: { body: { required: true, ...json(changeStudentPasswordSchema) } },
  responses: {
    200: { description: "Changed", ...json(passwordChangedSchema) },
    400: errorResponse(
      "Invalid input, 'Senha atual incorreta' on currentPassword, or a new password equal to the temporary one",
    ),
    ...studentErrors,
    429: errorResponse("Too many wrong current passwords (this account, or the IP); see Retry-After"),
  },
});

export const studentAccountRoutes = createRouter()
  .openapi(createAccount, async (c) => {
    const input = c.req.valid("json");
    const { db } = c.get("deps");
    await takeAttempt(db, COUNTERS.createStudentAccount(input.studentPhone, clientIp(c)));
    c.header("Cache-Control", "no-store");
    return c.json(await createStudentAccount(db, input), 201);
  })
  .openapi(getOwn, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getOwnAccount(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(changePassword, async (c) => {
    const session = c.get("session");
    const { db } = c.get("deps");
    const counters = COUNTERS.passwordChange(session.user!.id, clientIp(c));
    await takeAttempt(db, counters);
    try {
      const result = await changeOwnPassword(
        db,
        { studentAccountId: session.student!.id, userId: session.user!.id, sessionId: session.sessionId },
        c.req.valid("json"),
      );
      await recordSuccess(db, counters);
      return c.json(result, 200);
    } catch (err) {
      // Only a wrong current password stays counted as a failure.
      if (!(err instanceof ApiError && err.code === "wrong_password")) await recordSuccess(db, counters);
      throw err;
    }
  });
