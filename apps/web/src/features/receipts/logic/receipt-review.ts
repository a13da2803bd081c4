import { RECEIPT_STATUS_LABELS, type ReceiptStatus } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";

/** Differences smaller than this are rounding, not a divergence (SPEC §2 'Admin receipts'). */
export const DIVERGENCE_TOLERANCE = 0.01;

export function hasDivergence(divergence: number): boolean {
  return Math.abs(divergence) >= DIVERGENCE_TOLERANCE;
}

/** The Divergência column: 'Correto' under 0.01, otherwise the signed difference in kz ('+5 000,00 Kz'). */
export function divergenceLabel(divergence: number): string {
  if (!hasDivergence(divergence)) return "Correto";
  return `${divergence > 0 ? "+" : "−"}${formatKz(Math.abs(divergence))}`;
}

/** Any unknown status reads 'Pendente', like enrolments (SPEC §4). */
export function receiptStatusLabel(status: ReceiptStatus): string {
  return RECEIPT_STATUS_LABELS[status] ?? "Pendente";
}

/** Only pending receipts can be approved or rejected (SPEC §4 'Receipt status'). */
export type ReceiptAction = "view" | "approve" | "reject";
export function receiptActionsFor(status: ReceiptStatus): ReceiptAction[] {
  return status === "pending" ? ["view", "approve", "reject"] : ["view"];
}
