import { folded, IMPORT_SPECS } from "@app/shared/data-import/kinds";
import { teacherInputSchema } from "@app/shared/schemas/catalog";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { teachers } from "../../db/schema";
import { bySchema, type ImportPlan, planned, refused, rowByRow, sameFields } from "./import-plan";
import { duplicateFinder, problem, type SheetRow } from "./import-rows";

const spec = IMPORT_SPECS.professores;
type Teacher = typeof teachers.$inferSelect;

/** The teachers by e-mail and by phone: how a class's 'Professor' cell and a teacher row are matched. */
export async function teacherIndex(db: Database | Tx) {
  const rows = await db.select().from(teachers);
  const byEmail = new Map<string, Teacher>();
  const byPhone = new Map<string, Teacher>();
  for (const t of rows) {
    if (t.teacherEmail) byEmail.set(folded(t.teacherEmail), t);
    if (t.teacherPhone) byPhone.set(t.teacherPhone.replace(/\D/g, "").replace(/^244(?=\d{9}$)/, ""), t);
  }
  return (email: string | null, phone: string | null) =>
    (email ? byEmail.get(folded(email)) : undefined) ?? (phone ? byPhone.get(phone) : undefined);
}

/** Teachers, matched on their e-mail, else their phone. */
export async function planTeachers(db: Database | Tx, rows: SheetRow[]): Promise<ImportPlan> {
  const find = await teacherIndex(db);
  const duplicate = duplicateFinder("Professor");
  return rowByRow(
    rows.map((row) => {
      if ("error" in row) return refused(row.line, row.key, row.error);
      const { values } = row;
      const key = values.teacherEmail ?? values.teacherPhone ?? "";
      if (!key) return refused(row.line, values.teacherName ?? "", problem("E-mail", "indique o e-mail ou o telefone"));
      const read = bySchema(spec, teacherInputSchema, values);
      if ("error" in read) return refused(row.line, key, read.error);
      const again =
        duplicate(key, row.line) ??
        (values.teacherEmail && values.teacherPhone ? duplicate(values.teacherPhone, row.line) : null);
      if (again) return refused(row.line, key, again);
      const { userId: _userId, ...input } = read.data;
      const found = find(input.teacherEmail, input.teacherPhone);
      if (!found) return planned(row.line, key, "nova", async (tx) => void (await tx.insert(teachers).values(input)));
      return planned(row.line, key, sameFields(found, input) ? "igual" : "atualizada", async (tx) => {
        await tx.update(teachers).set(input).where(eq(teachers.id, found.id));
      });
    }),
  );
}
