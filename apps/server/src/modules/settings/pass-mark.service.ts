import type { passMarkInputSchema } from "@app/shared/schemas/pass-mark";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { instituteSettings } from "../../db/schema";
import { getInstituteSettings } from "./settings.service";

/** The institute's pass mark (decision 049), kept on the settings row beside the institute's details. */
export async function getPassMark(db: Database | Tx): Promise<number> {
  const [row] = await db
    .select({ passMark: instituteSettings.passMark })
    .from(instituteSettings)
    .where(eq(instituteSettings.id, 1));
  if (!row) await getInstituteSettings(db); // answers the same 500 as a missing settings row
  return row!.passMark;
}

/**
 * PUT /admin/settings/pass-mark (super_admin): only that field changes. The details' "Última alteração"
 * (updatedAt) stays theirs: the details form is keyed by it and would otherwise reset under the user.
 */
export async function setPassMark(db: Database, input: z.output<typeof passMarkInputSchema>) {
  const [row] = await db
    .update(instituteSettings)
    .set({ passMark: input.passMark })
    .where(eq(instituteSettings.id, 1))
    .returning({ passMark: instituteSettings.passMark });
  if (!row) await getInstituteSettings(db);
  return { passMark: row!.passMark };
}
