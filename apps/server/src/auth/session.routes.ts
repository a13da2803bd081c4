import { sessionSchema } from "@app/shared/schemas/auth";
import { createRoute, type z } from "@hono/zod-openapi";
import { component } from "../http/openapi";
import { createRouter } from "../http/router";
import { dropEndedSessionCookie, readSession, type SessionInfo } from "./session";

export const sessionBodySchema = component("Session", sessionSchema);

/** What the client may see of a session (no internal ids beyond the user's). */
export function sessionBody(s: SessionInfo): z.infer<typeof sessionSchema> {
  return {
    user: s.user,
    staff: s.staff,
    student: s.student
      ? {
          code: s.student.code,
          name: s.student.name,
          enrollmentCompleted: s.student.enrollmentCompleted,
          mustChangePassword: s.student.mustChangePassword,
        }
      : null,
    ...(s.ended ? { ended: true } : {}),
  };
}

const getSessionRoute = createRoute({
  method: "get",
  path: "/session",
  tags: ["auth"],
  summary: "Who is signed in (staff with their role, or a student)",
  responses: {
    200: {
      description: "The current session, or nulls (with `ended` when the request's session has ended)",
      content: { "application/json": { schema: sessionBodySchema } },
    },
  },
});

export const sessionRoutes = createRouter().openapi(getSessionRoute, async (c) => {
  c.header("Cache-Control", "no-store");
  const session = await readSession(c);
  // Said once: the login then shows why the user is there, and a later visit is plainly signed out.
  if (session.ended) await dropEndedSessionCookie(c);
  return c.json(sessionBody(session), 200);
});
