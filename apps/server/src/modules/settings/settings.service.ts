import { SETTINGS_MISSING } from "@app/shared/messages";
import type { instituteSettingsInputSchema } from "@app/shared/schemas/settings";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { instituteSettings } from "../../db/schema";
import { ApiError } from "../../http/errors";

type SettingsRow = typeof instituteSettings.$inferSelect;

function settingsBody(r: SettingsRow) {
  return {
    name: r.name,
    bankName: r.bankName,
    iban: r.iban,
    beneficiary: r.beneficiary,
    whatsappNumber: r.whatsappNumber,
    contactEmail: r.contactEmail,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The institute's details (the single row the migration creates). */
export async function getInstituteSettings(db: Database | Tx) {
  const [row] = await db.select().from(instituteSettings).where(eq(instituteSettings.id, 1));
  if (!row) throw ApiError.of(500, SETTINGS_MISSING);
  return settingsBody(row);
}

/** The bank and contact details a student sees next to the reference code. */
export async function getBankDetails(db: Database | Tx) {
  const { updatedAt: _updatedAt, ...details } = await getInstituteSettings(db);
  return details;
}

/** Replaces the institute's details (super_admin); the row is created again if someone removed it. */
export async function updateInstituteSettings(
  db: Database,
  userId: string,
  input: z.output<typeof instituteSettingsInputSchema>,
) {
  const values = { ...input, updatedAt: new Date(), updatedBy: userId };
  const [row] = await db
    .insert(instituteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: instituteSettings.id, set: values })
    .returning();
  return settingsBody(row!);
}
