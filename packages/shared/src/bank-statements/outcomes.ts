/** What finance sees per statement line (issue 25): the matching's outcome, then the decision taken. */
export const STATEMENT_LINE_OUTCOMES = [
  "matched",
  "divergent",
  "already_paid",
  "unmatched",
  "ignored",
  "confirmed",
] as const;
export type StatementLineOutcome = (typeof STATEMENT_LINE_OUTCOMES)[number];

export const STATEMENT_LINE_OUTCOME_LABELS: Record<StatementLineOutcome, string> = {
  matched: "Corresponde",
  divergent: "Valor divergente",
  already_paid: "Já pago",
  unmatched: "Sem correspondência",
  ignored: "Ignorado",
  confirmed: "Confirmado",
};
