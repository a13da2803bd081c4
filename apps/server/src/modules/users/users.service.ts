import { randomUUID } from "node:crypto";
import { INVALID_ROLE_LISTED, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@app/shared/enums";
import { INVALID_EMAIL } from "@app/shared/field-messages";
import { EMAIL_TAKEN as EMAIL_IN_USE, LAST_SUPER_ADMIN, USER_NOT_FOUND } from "@app/shared/messages";
import { staffEmail, staffName, staffPassword, staffPhone } from "@app/shared/schemas/auth";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isStudentEmail } from "../../auth/auth";
import { hashPassword } from "../../auth/password-hashing";
import type { Database, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import {
  authAccount,
  authSession,
  authUser,
  staffProfiles,
  staffRoleSettings,
  staffUserEvents,
  studentAccounts,
} from "../../db/schema";
import { ApiError } from "../../http/errors";

export const staffUserInput = z.object({
  email: staffEmail.refine((e) => !isStudentEmail(e), INVALID_EMAIL),
  password: staffPassword,
  name: staffName,
  phone: staffPhone.optional(),
  role: z.enum(STAFF_ROLES, { message: INVALID_ROLE_LISTED }).nullable(),
});
export type StaffUserInput = z.input<typeof staffUserInput>;

export const EMAIL_TAKEN = () => ApiError.of(409, EMAIL_IN_USE);

async function insertCredential(tx: Tx, userId: string, passwordHash: string) {
  await tx
    .insert(authAccount)
    .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash });
}

/** A new staff user (auth user, hashed credential, profile) in one transaction; 409 when the e-mail exists. */
export async function createStaffUser(db: Database, input: StaffUserInput): Promise<{ userId: string }> {
  const data = staffUserInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  const userId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(authUser).values({ id: userId, name: data.name, email: data.email });
      await insertCredential(tx, userId, passwordHash);
      await tx
        .insert(staffProfiles)
        .values({ userId, fullName: data.name, phone: data.phone || null, role: data.role });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw EMAIL_TAKEN();
    throw err;
  }
  return { userId };
}

/**
 * Creates a staff user with a role, or updates the name, password and role of an existing one
 * (ending their sessions, since the password changed). One transaction. Used by `create-admin`.
 */
export async function upsertStaffUser(
  db: Database,
  input: StaffUserInput,
): Promise<{ userId: string; created: boolean; role: StaffRole; roleLabel: string }> {
  const data = staffUserInput.extend({ role: staffUserInput.shape.role.unwrap() }).parse(input);
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(authUser).where(eq(authUser.email, data.email)).for("update");
    const userId = existing?.id ?? randomUUID();
    if (existing) {
      await tx.update(authUser).set({ name: data.name, updatedAt: new Date() }).where(eq(authUser.id, userId));
      const updated = await tx
        .update(authAccount)
        .set({ password: passwordHash, updatedAt: new Date() })
        .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, "credential")))
        .returning({ id: authAccount.id });
      if (updated.length === 0) await insertCredential(tx, userId, passwordHash);
      await tx.delete(authSession).where(eq(authSession.userId, userId));
    } else {
      await tx.insert(authUser).values({ id: userId, name: data.name, email: data.email, emailVerified: true });
      await insertCredential(tx, userId, passwordHash);
    }
    await tx
      .insert(staffProfiles)
      .values({ userId, fullName: data.name, role: data.role })
      .onConflictDoUpdate({ target: staffProfiles.userId, set: { fullName: data.name, role: data.role } });
    return { userId, created: !existing, role: data.role, roleLabel: ROLE_LABELS[data.role] };
  });
}

/**
 * Every staff user (students excluded), newest first, with their account's history (decision 076) and
 * whether their role requires two-factor sign-in (decision 086).
 */
export async function listStaffUsers(db: Database) {
  const rows = await db
    .select({
      id: authUser.id,
      email: authUser.email,
      fullName: staffProfiles.fullName,
      phone: staffProfiles.phone,
      role: staffProfiles.role,
      createdAt: authUser.createdAt,
      twoFactorEnabled: authUser.twoFactorEnabled,
      twoFactorRequired: sql<boolean>`coalesce(${staffRoleSettings.twoFactorRequired}, false)`,
    })
    .from(authUser)
    .innerJoin(staffProfiles, eq(staffProfiles.userId, authUser.id))
    .leftJoin(staffRoleSettings, eq(staffRoleSettings.role, staffProfiles.role))
    .orderBy(desc(authUser.createdAt), asc(authUser.email));
  const by = alias(staffProfiles, "by_profile");
  const events = await db
    .select({ userId: staffUserEvents.userId, at: staffUserEvents.at, byName: by.fullName })
    .from(staffUserEvents)
    .leftJoin(by, eq(by.userId, staffUserEvents.byUserId))
    .where(eq(staffUserEvents.kind, "two_factor_turned_off"))
    .orderBy(desc(staffUserEvents.at));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    history: events
      .filter((e) => e.userId === r.id)
      .map((e) => ({ kind: "two_factor_turned_off" as const, at: e.at.toISOString(), byName: e.byName ?? null })),
  }));
}

/**
 * Replaces a staff user's role, or takes it away (null, 'Sem perfil'), which also ends their sessions.
 * The last super_admin cannot lose the role (the super_admin rows are locked, so two concurrent
 * demotions cannot both pass).
 */
export async function changeRole(db: Database, userId: string, role: StaffRole | null) {
  return db.transaction(async (tx) => {
    const superAdmins = await tx
      .select({ userId: staffProfiles.userId })
      .from(staffProfiles)
      .where(eq(staffProfiles.role, "super_admin"))
      .for("update");
    const [target] = await tx.select().from(staffProfiles).where(eq(staffProfiles.userId, userId)).for("update");
    if (!target) throw ApiError.of(404, USER_NOT_FOUND);
    const isStudent = await tx
      .select({ id: studentAccounts.id })
      .from(studentAccounts)
      .where(eq(studentAccounts.userId, userId));
    if (isStudent.length > 0) throw ApiError.of(404, USER_NOT_FOUND);
    if (target.role === "super_admin" && role !== "super_admin" && superAdmins.length <= 1) {
      throw ApiError.of(409, LAST_SUPER_ADMIN);
    }
    await tx.update(staffProfiles).set({ role }).where(eq(staffProfiles.userId, userId));
    if (role === null) await tx.delete(authSession).where(eq(authSession.userId, userId));
    return { id: userId, role };
  });
}
