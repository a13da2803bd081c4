import { INVALID_EMAIL } from "@app/shared/field-messages";
import {
  type CodedMessage,
  INVALID_LINK,
  MAIL_FAILED,
  SIGN_UP_FAILED,
  WRONG_STAFF_CREDENTIALS,
  WRONG_STUDENT_CREDENTIALS,
} from "@app/shared/messages";
import {
  forgotPasswordSchema,
  okSchema,
  resetLinkValidSchema,
  resetPasswordSchema,
  staffLoginSchema,
  staffSignUpSchema,
} from "@app/shared/schemas/auth";
import { studentLoginSchema } from "@app/shared/schemas/student-accounts";
import { createRoute, z } from "@hono/zod-openapi";
import { isAPIError } from "better-auth/api";
import type { Context } from "hono";
import { isDatabaseUnavailable } from "../db/pg-errors";
import type { AppEnv } from "../http/env";
import { ApiError, errorResponse } from "../http/errors";
import { component } from "../http/openapi";
import { createRouter, json } from "../http/router";
import { createStaffUser } from "../modules/users/users.service";
import { isStudentEmail, studentEmail } from "./auth";
import { clientIp } from "./client-ip";
import { COUNTERS, recordSuccess, takeAttempt } from "./rate-limit";
import { sessionForUser } from "./session";
import { sessionBody, sessionBodySchema } from "./session.routes";

const LINK_REFUSED = () => ApiError.of(400, INVALID_LINK);

const okBody = component("Ok", okSchema);
const sessionResponse = (description: string) => ({ description, ...json(sessionBodySchema) });

/** Copies better-auth's Set-Cookie headers (session cookie) onto our response. */
function forwardCookies(c: Context<AppEnv>, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
}

/** Signs in through better-auth; wrong credentials become `refusal` (the same for unknown user and wrong password). */
async function signIn(c: Context<AppEnv>, email: string, password: string, refusal: CodedMessage) {
  const { auth, db } = c.get("deps");
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password },
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    forwardCookies(c, headers);
    return sessionForUser(db, response.user.id, response.user.email);
  } catch (err) {
    if (isAPIError(err) && err.statusCode < 500) throw ApiError.of(401, refusal);
    throw err;
  }
}

const staffSignIn = createRoute({
  method: "post",
  path: "/auth/sign-in",
  tags: ["auth"],
  summary: "Staff sign-in with e-mail and password",
  request: { body: { required: true, ...json(staffLoginSchema) } },
  responses: {
    200: sessionResponse("Signed in; the session cookie is set"),
    400: errorResponse("Invalid input"),
    401: errorResponse(WRONG_STAFF_CREDENTIALS.message),
    429: errorResponse("Too many failures (this account from this client, the account, or the IP); see Retry-After"),
  },
});

const staffSignUp = createRoute({
  method: "post",
  path: "/auth/sign-up",
  tags: ["auth"],
  summary: "Staff sign-up; the new user has no role until a super_admin gives one",
  request: { body: { required: true, ...json(staffSignUpSchema) } },
  responses: {
    201: sessionResponse("Account created and signed in"),
    400: errorResponse("Invalid input"),
    409: errorResponse("E-mail already registered"),
    429: errorResponse("Too many attempts from this IP"),
  },
});

const signOut = createRoute({
  method: "post",
  path: "/auth/sign-out",
  tags: ["auth"],
  summary: "Ends the current session (staff or student)",
  responses: { 200: { description: "Signed out", ...json(okBody) } },
});

const forgotPassword = createRoute({
  method: "post",
  path: "/auth/password/forgot",
  tags: ["auth"],
  summary: "Sends a single-use, expiring reset link to a staff e-mail (the answer never says whether it exists)",
  request: { body: { required: true, ...json(forgotPasswordSchema) } },
  responses: {
    200: { description: "If the e-mail exists, a link was sent", ...json(okBody) },
    400: errorResponse("Invalid e-mail"),
    429: errorResponse("Too many requests"),
  },
});

const checkResetLink = createRoute({
  method: "get",
  path: "/auth/password/reset",
  tags: ["auth"],
  summary: "Whether a reset link is still valid (it changes nothing)",
  request: { query: z.object({ token: z.string().optional() }) },
  responses: {
    200: { description: "The link is valid", ...json(resetLinkValidSchema) },
    400: errorResponse(INVALID_LINK.message),
  },
});

const resetPassword = createRoute({
  method: "post",
  path: "/auth/password/reset",
  tags: ["auth"],
  summary: "Sets a new password from a reset link; ends every session of the user",
  request: { body: { required: true, ...json(resetPasswordSchema) } },
  responses: {
    200: { description: "Password changed; sign in again", ...json(okBody) },
    400: errorResponse(`Invalid input or ${INVALID_LINK.message}`),
  },
});

const studentSignIn = createRoute({
  method: "post",
  path: "/auth/student/sign-in",
  tags: ["auth"],
  summary: "Student sign-in with the student code (case-insensitive) and password",
  request: { body: { required: true, ...json(studentLoginSchema) } },
  responses: {
    200: sessionResponse("Signed in; the session cookie is set"),
    400: errorResponse("Invalid input"),
    401: errorResponse(WRONG_STUDENT_CREDENTIALS.message),
    429: errorResponse("Too many failures (this code from this client, the code, or the IP); see Retry-After"),
  },
});

export const authRoutes = createRouter()
  .openapi(staffSignIn, async (c) => {
    const { email, password } = c.req.valid("json");
    const { db } = c.get("deps");
    const counters = COUNTERS.signIn("staff", email, clientIp(c));
    await takeAttempt(db, counters);
    if (isStudentEmail(email)) throw ApiError.of(401, WRONG_STAFF_CREDENTIALS);
    const session = await signIn(c, email, password, WRONG_STAFF_CREDENTIALS);
    await recordSuccess(db, counters);
    return c.json(sessionBody(session), 200);
  })
  .openapi(staffSignUp, async (c) => {
    const input = c.req.valid("json");
    const { db } = c.get("deps");
    await takeAttempt(db, COUNTERS.staffSignUp(clientIp(c)));
    if (isStudentEmail(input.email)) throw ApiError.invalid([{ path: "email", message: INVALID_EMAIL }]);
    await createStaffUser(db, {
      email: input.email,
      password: input.password,
      name: input.fullName,
      phone: input.phone,
      role: null,
    });
    const session = await signIn(c, input.email, input.password, SIGN_UP_FAILED);
    return c.json(sessionBody(session), 201);
  })
  .openapi(signOut, async (c) => {
    const { auth } = c.get("deps");
    try {
      const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      forwardCookies(c, headers);
    } catch (err) {
      if (!isAPIError(err)) throw err; // no session: signing out is already done
    }
    return c.json({ ok: true as const }, 200);
  })
  .openapi(forgotPassword, async (c) => {
    const { email } = c.req.valid("json");
    const { auth, db, config, log } = c.get("deps");
    await takeAttempt(db, COUNTERS.passwordReset(email, clientIp(c)));
    if (!isStudentEmail(email)) {
      try {
        await auth.api.requestPasswordReset({ body: { email, redirectTo: `${config.baseUrl}/reset-password` } });
      } catch (err) {
        if (isDatabaseUnavailable(err)) throw err;
        log.error({ err }, "password reset e-mail failed");
        throw ApiError.of(503, MAIL_FAILED);
      }
    }
    return c.json({ ok: true as const }, 200);
  })
  .openapi(checkResetLink, async (c) => {
    const { token } = c.req.valid("query");
    if (!token) throw LINK_REFUSED();
    const context = await c.get("deps").auth.$context;
    const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!verification || verification.expiresAt < new Date()) throw LINK_REFUSED();
    c.header("Cache-Control", "no-store");
    return c.json({ valid: true as const }, 200);
  })
  .openapi(resetPassword, async (c) => {
    const { token, password } = c.req.valid("json");
    try {
      await c.get("deps").auth.api.resetPassword({ body: { token, newPassword: password } });
    } catch (err) {
      if (isAPIError(err) && err.statusCode < 500) throw LINK_REFUSED();
      throw err;
    }
    return c.json({ ok: true as const }, 200);
  })
  .openapi(studentSignIn, async (c) => {
    const { code, password } = c.req.valid("json");
    const { db } = c.get("deps");
    const counters = COUNTERS.signIn("student", code, clientIp(c));
    await takeAttempt(db, counters);
    const session = await signIn(c, studentEmail(code), password, WRONG_STUDENT_CREDENTIALS);
    if (!session.student) throw ApiError.of(401, WRONG_STUDENT_CREDENTIALS);
    await recordSuccess(db, counters);
    return c.json(sessionBody(session), 200);
  });
