import { formatGrade, gradeSchema } from "../grades";
import { z } from "../zod";

/**
 * The institute's pass mark (decision 049): the lowest final grade (0–20) that passes. A 'Concluído'
 * under it asks for confirmation before the certificate is issued. A super_admin sets it; 10 by default.
 */
export const DEFAULT_PASS_MARK = 10;
export const PASS_MARK_REQUIRED = "Indique a nota mínima de aprovação (0 a 20)";

/** PUT /admin/settings/pass-mark: '9,5', '9.5' or 9.5. */
export const passMarkInputSchema = z.object({
  passMark: gradeSchema.refine((v) => v !== null, PASS_MARK_REQUIRED).transform((v) => v as number),
});
export type PassMarkInput = z.input<typeof passMarkInputSchema>;

/** GET/PUT /admin/settings/pass-mark. */
export const passMarkSchema = z.object({ passMark: z.number() });
export type PassMark = z.infer<typeof passMarkSchema>;

/** True when a 'Concluído' with this grade should ask first (no grade: nothing to compare). */
export function isBelowPassMark(grade: number | null, passMark: number): boolean {
  return grade !== null && grade < passMark;
}

/** The question asked before issuing a certificate for a grade under the pass mark. */
export function belowPassMarkQuestion(grade: number, passMark: number): string {
  return `A nota ${formatGrade(grade)} é inferior à nota mínima de aprovação (${formatGrade(passMark)}). Emitir o certificado mesmo assim?`;
}
