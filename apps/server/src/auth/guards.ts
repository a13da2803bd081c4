import { CATALOG_MANAGER_ROLES, CATALOG_READ_ONLY_MESSAGE, roleSatisfies, type StaffRole } from "@app/shared/enums";
import {
  FORBIDDEN,
  forbidden,
  NO_ROLE,
  PASSWORD_CHANGE_REQUIRED,
  STAFF_ONLY,
  STUDENTS_ONLY,
  TWO_FACTOR_SETUP_REQUIRED,
} from "@app/shared/messages";
import { SESSION_EXPIRED } from "@app/shared/request-messages";
import { type AdminScreenKey, rolesOfScreens } from "@app/shared/screen-access";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env";
import { ApiError } from "../http/errors";
import { readSession, type SessionInfo } from "./session";

export const NOT_SIGNED_IN = () => ApiError.of(401, SESSION_EXPIRED);

/**
 * A staff session that may not use staff APIs yet: no role ('Sem perfil'), or a role that requires
 * two-factor sign-in the user has not turned on (decision 076). Every staff API passes through here,
 * including the few (files, certificates) shared with students that check the session themselves.
 */
export function refuseUnreadyStaff(
  staff: NonNullable<SessionInfo["staff"]>,
  { allowWithoutTwoFactor = false } = {},
): void {
  if (!staff.role) throw ApiError.of(403, NO_ROLE);
  if (staff.twoFactorRequired && !staff.twoFactorEnabled && !allowWithoutTwoFactor) {
    throw ApiError.of(403, TWO_FACTOR_SETUP_REQUIRED);
  }
}

/**
 * Staff only. A staff user without a role ('Sem perfil') is refused everywhere; `role` is one role or
 * a set of roles (any of them passes), and super_admin passes every requirement. Students are never staff.
 * A user whose role requires two-factor sign-in and who has not turned it on is refused too
 * (TWO_FACTOR_SETUP_REQUIRED, decision 076), except on the set-up's own routes (`allowWithoutTwoFactor`).
 */
export function requireStaff(
  role?: StaffRole | readonly StaffRole[],
  forbiddenMessage: string = FORBIDDEN.message,
  { allowWithoutTwoFactor = false } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await readSession(c);
    if (!session.user) throw NOT_SIGNED_IN();
    if (!session.staff) throw ApiError.of(403, STAFF_ONLY);
    refuseUnreadyStaff(session.staff, { allowWithoutTwoFactor });
    if (!roleSatisfies(session.staff.role, role)) {
      throw ApiError.of(403, forbidden(forbiddenMessage));
    }
    c.set("session", session);
    return next();
  };
}

/** The API behind back-office screens: the roles that open any of them (the shared screen map). */
export const requireScreen = (screen: AdminScreenKey, ...more: AdminScreenKey[]) =>
  requireStaff(rolesOfScreens(screen, ...more));

/** Creating, editing and deleting courses, classes (and their curricula) and teachers (decision 014). */
export const requireCatalogManager = () => requireStaff(CATALOG_MANAGER_ROLES, CATALOG_READ_ONLY_MESSAGE);

/**
 * Signed-in students only; each route then reads only the student's own rows. While the password is
 * still temporary (generated at sign-up or given by staff) only the routes that change it are open
 * (`allowTemporaryPassword`); every other one answers 403 PASSWORD_CHANGE_REQUIRED (decision 028).
 */
export function requireStudent({ allowTemporaryPassword = false } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await readSession(c);
    if (!session.user) throw NOT_SIGNED_IN();
    if (!session.student) throw ApiError.of(403, STUDENTS_ONLY);
    if (session.student.mustChangePassword && !allowTemporaryPassword) throw ApiError.of(403, PASSWORD_CHANGE_REQUIRED);
    c.set("session", session);
    return next();
  };
}
