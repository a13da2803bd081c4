import { sessionSchema } from "@app/shared/schemas/auth";
import { createRoute, type z } from "@hono/zod-openapi";
import { component } from "../http/openapi";
import { createRouter } from "../http/router";
import { readSession, type SessionInfo } from "./session";

export const sessionBodySchema = component("Session", sessionSchema);

/** What the client may see of a session (no internal ids beyond the user's). */
export function sessionBody(s: SessionInfo): z.infer<typeof sessionSchema> {
  return {
    user: s.user,
    staff: s.staff,
    student: s.student
      ? { code: s.student.code, name: s.student.name, enrollmentCompleted: s.student.enrollmentCompleted }
      : null,
  };
}

const getSessionRoute = createRoute({
  method: "get",
  path: "/session",
  tags: ["auth"],
  summary: "Who is signed in (staff with their role, or a student)",
  responses: {
    200: {
      description: "The current session, or nulls",
      content: { "application/json": { schema: sessionBodySchema } },
    },
  },
});

export const sessionRoutes = createRouter().openapi(getSessionRoute, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(sessionBody(await readSession(c)), 200);
});
