import { STAFF_ROLES } from "../enums";
import { INVALID_ROLE } from "../field-messages";
import { z } from "../zod";

/** A staff user with their role; null is 'Sem perfil' (GET /admin/users). */
export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES).nullable(),
  createdAt: z.string(),
  /** Two-factor sign-in is on (decision 076). */
  twoFactorEnabled: z.boolean(),
  /** Their role requires it: while it is not on, they are sent to the set-up (decision 086). */
  twoFactorRequired: z.boolean(),
  /** What others did to the account, newest first: a super_admin (null: the server's shell) turning off two-factor sign-in. */
  history: z.array(
    z.object({ kind: z.literal("two_factor_turned_off"), at: z.string(), byName: z.string().nullable() }),
  ),
});

/** PUT /admin/users/{id}/role: the user's role now. */
export const staffRoleSchema = z.object({ id: z.string(), role: z.enum(STAFF_ROLES).nullable() });

/** PUT /admin/users/{id}/role: a role, or null to take it away ('Sem perfil'). */
export const staffRoleInputSchema = z.object({ role: z.enum(STAFF_ROLES, { message: INVALID_ROLE }).nullable() });
