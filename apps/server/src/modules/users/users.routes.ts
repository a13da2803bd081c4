import { STAFF_ROLES } from "@app/shared/enums";
import { INVALID_ROLE } from "@app/shared/field-messages";
import { staffRoleSchema, staffUserSchema } from "@app/shared/schemas/users";
import { createRoute, z } from "@hono/zod-openapi";
import { requireScreen } from "../../auth/guards";
import { errorResponse, superAdminErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { changeRole, listStaffUsers } from "./users.service";

const staffUserBody = component("StaffUser", staffUserSchema);

const listUsers = createRoute({
  method: "get",
  path: "/users",
  tags: ["users"],
  summary: "Staff users with their role (super_admin)",
  middleware: [requireScreen("users")] as const,
  responses: {
    200: { description: "Staff users, newest first", ...json(z.array(staffUserBody)) },
    ...superAdminErrors,
  },
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
      ...json(z.object({ role: z.enum(STAFF_ROLES, { message: INVALID_ROLE }).nullable() })),
    },
  },
  responses: {
    200: {
      description: "The new role (null: 'Sem perfil')",
      ...json(staffRoleSchema),
    },
    400: errorResponse("Invalid role"),
    ...superAdminErrors,
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
