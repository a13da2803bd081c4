import { DEFAULT_PRIVACY_NOTICE, PRIVACY_NOTICE_OUTDATED } from "@app/shared/privacy";
import type { privacySettingsInputSchema } from "@app/shared/schemas/privacy";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { privacyAcceptances, privacyNotices, privacySettings } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { getInstituteSettings } from "../settings/settings.service";

type NoticeRow = typeof privacyNotices.$inferSelect;

/** The notice in force: the newest version; version 1 (the default text) is written the first time it is read. */
async function currentNoticeRow(db: Database | Tx): Promise<NoticeRow> {
  const newest = async () => (await db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1))[0];
  const found = await newest();
  if (found) return found;
  await db.insert(privacyNotices).values({ version: 1, text: DEFAULT_PRIVACY_NOTICE }).onConflictDoNothing();
  return (await newest())!;
}

export async function currentNoticeVersion(db: Database | Tx): Promise<number> {
  return (await currentNoticeRow(db)).version;
}

/** The notice in force with the institute's name and e-mail ('Dados do instituto'). */
export async function getPrivacyNotice(db: Database | Tx) {
  const [row, institute] = await Promise.all([currentNoticeRow(db), getInstituteSettings(db)]);
  return {
    version: row.version,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    instituteName: institute.name,
    contactEmail: institute.contactEmail,
  };
}

export async function getPrivacySettings(db: Database | Tx) {
  const [notice, [settings]] = await Promise.all([
    getPrivacyNotice(db),
    db.select().from(privacySettings).where(eq(privacySettings.id, 1)),
  ]);
  return { notice, retentionMonths: settings ? settings.retentionMonths : null };
}

/** Saves the retention period, and the notice as a new version when its text changed (one transaction). */
export async function updatePrivacySettings(
  db: Database,
  userId: string,
  input: z.output<typeof privacySettingsInputSchema>,
) {
  await db.transaction(async (tx) => {
    // One editor at a time: two saves at once cannot both take the next version number.
    await tx.select().from(privacySettings).where(eq(privacySettings.id, 1)).for("update");
    const current = await currentNoticeRow(tx);
    if (current.text !== input.noticeText) {
      await tx
        .insert(privacyNotices)
        .values({ version: current.version + 1, text: input.noticeText, createdBy: userId });
    }
    const values = { retentionMonths: input.retentionMonths, updatedAt: new Date(), updatedBy: userId };
    await tx
      .insert(privacySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: privacySettings.id, set: values });
  });
  return getPrivacySettings(db);
}

/** Records that the user accepted `version`, which must be the notice in force. */
export async function acceptNotice(db: Database | Tx, userId: string, version: number): Promise<void> {
  if (version !== (await currentNoticeVersion(db))) throw ApiError.of(409, PRIVACY_NOTICE_OUTDATED);
  const values = { version, acceptedAt: new Date() };
  await db
    .insert(privacyAcceptances)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: privacyAcceptances.userId, set: values });
}
