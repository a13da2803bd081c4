import { STAFF_ROLES } from "@app/shared/enums";
import { createRoute, z } from "@hono/zod-openapi";
import { requireScreen } from "../../auth/guards";
import { errorResponse } from "../../http/errors";
import { createRouter, json } from "../../http/router";
import { changeRole, listStaffUsers } from "./users.service";

const staffUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    phone: z.string().nullable(),
    role: z.enum(STAFF_ROLES).nullable(),
    createdAt: z.string(),
  })
  .openapi("StaffUser");

const forbidden = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not a super_admin"),
};

const listUsers = createRoute({
  method: "get",
  path: "/users",
  tags: ["users"],
  summary: "Staff users with their role (super_admin)",
  middleware: [requireScreen("users")] as const,
  responses: { 200: { description: "Staff users, newest first", ...json(z.array(staffUserSchema)) }, ...forbidden },
});

const setRole = createRoute({
  method: "put",
  path: "/users/{id}/role",
  tags: ["users"],
  summary:
    "Replaces a staff user's role, or takes it away with null (super_admin); taking it away ends their sessions; the last super_admin keeps theirs",
  middleware: [requireScreen("users")] as const,
  request: {
    params: z.object({ id: z.string().min(1) }),
    body: {
      required: true,
      ...json(z.object({ role: z.enum(STAFF_ROLES, { message: "Perfil inválido" }).nullable() })),
    },
  },
  responses: {
    200: {
      description: "The new role (null: 'Sem perfil')",
      ...json(z.object({ id: z.string(), role: z.enum(STAFF_ROLES).nullable() })),
    },
    400: errorResponse("Invalid role"),
    ...forbidden,
    404: errorResponse("No such staff user"),
    409: errorResponse("The last super_admin cannot lose the role"),
  },
});

export const userRoutes = createRouter()
  .openapi(listUsers, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listStaffUsers(c.get("deps").db), 200);
  })
  .openapi(setRole, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await changeRole(c.get("deps").db, id, c.req.valid("json").role), 200);
  });
