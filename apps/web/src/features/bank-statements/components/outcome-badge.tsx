import { STATEMENT_LINE_OUTCOME_LABELS, type StatementLineOutcome } from "@app/shared/bank-statements/outcomes";
import { Badge } from "@mantine/core";

/** Filled dark shades, as the enrolment badges: white small text above 4.5:1 (WCAG AA). */
const OUTCOME_COLORS: Record<StatementLineOutcome, string> = {
  matched: "teal.9",
  divergent: "#a33d07",
  already_paid: "blue.8",
  unmatched: "red.8",
  ignored: "gray.8",
  confirmed: "#1f6b30",
};

/** A statement line's outcome with the label ('Corresponde', 'Valor divergente'…). */
export function OutcomeBadge({ outcome }: { outcome: StatementLineOutcome }) {
  return (
    <Badge variant="filled" color={OUTCOME_COLORS[outcome]} style={{ textTransform: "none" }}>
      {STATEMENT_LINE_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}
