import { staffRoleInputSchema, staffRoleSchema, staffUserSchema } from "../schemas/users";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

/** 'Utilizadores' (super_admin). */
export const userSchemas = endpointSchemas({
  list: {
    summary: "Staff users with their role, newest first (super_admin)",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: z.array(staffUserSchema) },
  },
  setRole: {
    summary:
      "Replaces a staff user's role, or takes it away with null (super_admin); taking it away ends their sessions; the last super_admin keeps theirs",
    params: z.object({ id: z.string().min(1) }),
    body: staffRoleInputSchema,
    answers: { 200: staffRoleSchema },
    errors: {
      400: "Invalid role",
      404: "No such staff user",
      409: "The last super_admin cannot lose the role",
    },
  },
});
