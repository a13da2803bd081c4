import { STATEMENT_LINE_OUTCOME_LABELS, type StatementLineOutcome } from "@app/shared/bank-statements/outcomes";

/** The outcomes in the order finance works them: the ones to act on first. */
export const OUTCOME_ORDER: readonly StatementLineOutcome[] = [
  "matched",
  "divergent",
  "unmatched",
  "already_paid",
  "ignored",
  "confirmed",
];

/** A statement's lines per outcome in one line of text, the outcomes with none left out. */
export function countsSummary(counts: Record<StatementLineOutcome, number>): string {
  const parts = OUTCOME_ORDER.filter((o) => counts[o] > 0).map(
    (o) => `${counts[o]} ${STATEMENT_LINE_OUTCOME_LABELS[o]}`,
  );
  return parts.length > 0 ? parts.join(" · ") : "Nenhuma linha nova";
}
