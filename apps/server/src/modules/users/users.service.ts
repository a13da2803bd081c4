import { randomUUID } from "node:crypto";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@app/shared";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { STUDENT_EMAIL_DOMAIN } from "../../auth/auth";
import type { Database } from "../../db/client";
import { authAccount, authSession, authUser, staffProfiles } from "../../db/schema";

export const staffUserInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(255, "Email muito longo")
    .pipe(z.email("Email inválido"))
    .refine((e) => !e.endsWith(`@${STUDENT_EMAIL_DOMAIN}`), "Email inválido"),
  password: z.string().min(6, "A senha deve ter pelo menos 6 caracteres").max(100, "Senha muito longa"),
  name: z.string().trim().min(2, "O nome deve ter pelo menos 2 caracteres").max(100, "Nome muito longo"),
  role: z.enum(STAFF_ROLES, { message: `Perfil inválido. Use: ${STAFF_ROLES.join(", ")}` }),
});
export type StaffUserInput = z.input<typeof staffUserInput>;

/**
 * Creates a staff user with a role, or updates the name, password and role of an existing one
 * (ending their sessions, since the password changed). One transaction.
 */
export async function upsertStaffUser(
  db: Database,
  input: StaffUserInput,
): Promise<{ userId: string; created: boolean; role: StaffRole; roleLabel: string }> {
  const data = staffUserInput.parse(input);
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

async function insertCredential(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  userId: string,
  hash: string,
) {
  await tx
    .insert(authAccount)
    .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
}
