import { authEndpoints as endpoints } from "@app/shared/contract/auth";
import { authSchemas as schemas } from "@app/shared/contract/auth.schemas";
import type { Context } from "hono";
import { clientIp } from "../../auth/client-ip";
import { dropEndedSessionCookie, readSession } from "../../auth/session";
import { route } from "../../http/contract";
import type { AppEnv } from "../../http/env";
import { createRouter } from "../../http/router";
import {
  checkResetLink,
  type Request,
  requestPasswordReset,
  resetPassword,
  sessionBody,
  signInStaff,
  signInStudent,
  signOut,
  signUpStaff,
} from "./sign-in.service";

const tags = ["auth"];

export const request = (c: Context<AppEnv>): Request => ({ headers: c.req.raw.headers, ip: clientIp(c) });

/** Sends better-auth's Set-Cookie headers (the session cookie) with our answer. */
export function setCookies(c: Context<AppEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

/** Who is signed in; sign-in, sign-up, sign-out and the staff password reset (all public). */
export const signInRoutes = createRouter()
  .openapi(route(endpoints.session, schemas.session, { tags }), async (c) => {
    c.header("Cache-Control", "no-store");
    const session = await readSession(c);
    // Said once: the login then shows why the user is there, and a later visit is plainly signed out.
    if (session.ended) await dropEndedSessionCookie(c);
    return c.json(sessionBody(session), 200);
  })
  .openapi(route(endpoints.staffSignIn, schemas.staffSignIn, { tags }), async (c) => {
    const { session, cookies } = await signInStaff(c.get("deps"), request(c), c.req.valid("json"));
    setCookies(c, cookies);
    return c.json(session, 200);
  })
  .openapi(route(endpoints.staffSignUp, schemas.staffSignUp, { tags }), async (c) => {
    const { session, cookies } = await signUpStaff(c.get("deps"), request(c), c.req.valid("json"));
    setCookies(c, cookies);
    return c.json(session, 201);
  })
  .openapi(route(endpoints.signOut, schemas.signOut, { tags }), async (c) => {
    setCookies(c, await signOut(c.get("deps"), c.req.raw.headers));
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(endpoints.forgotPassword, schemas.forgotPassword, { tags }), async (c) => {
    await requestPasswordReset(c.get("deps"), clientIp(c), c.req.valid("json").email);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(endpoints.checkResetLink, schemas.checkResetLink, { tags }), async (c) => {
    await checkResetLink(c.get("deps"), c.req.valid("query").token);
    c.header("Cache-Control", "no-store");
    return c.json({ valid: true as const }, 200);
  })
  .openapi(route(endpoints.resetPassword, schemas.resetPassword, { tags }), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetPassword(c.get("deps"), token, password);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(endpoints.studentSignIn, schemas.studentSignIn, { tags }), async (c) => {
    const { session, cookies } = await signInStudent(c.get("deps"), request(c), c.req.valid("json"));
    setCookies(c, cookies);
    return c.json(session, 200);
  });
