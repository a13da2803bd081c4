import type { ReceiptStatus } from "../enums";

/**
 * A statement line and a receipt of the same enrolment are one payment when the amounts are equal and
 * the dates at most this many days apart (decision 074): a transfer made on a Friday may be booked on
 * Monday, and the student types the date from the slip.
 */
export const RECEIPT_LINE_DAYS = 7;

/** The receipts a line may confirm, and that are flagged when a statement covering them lacks their line. */
export const LINKABLE_RECEIPT_STATUSES: readonly ReceiptStatus[] = ["pending", "approved"];

/**
 * Days after a line is decided (confirmed or ignored) during which its payer's name and free text are
 * kept for audit; afterwards they are blanked (decision 074).
 */
export const STATEMENT_TEXT_KEPT_DAYS = 90;

/** What the admin receipts list says of a receipt and the bank statements (decision 074). */
export const RECEIPT_STATEMENT_STATES = ["linked", "missing"] as const;
export type ReceiptStatementState = (typeof RECEIPT_STATEMENT_STATES)[number];

export const RECEIPT_STATEMENT_LABELS: Record<ReceiptStatementState, string> = {
  linked: "Confirmado pelo extrato",
  missing: "Sem linha no extrato",
};
