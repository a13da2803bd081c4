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

/** Why a line of a statement with separate credit and debit columns cannot be read (never guessed). */
export const CREDIT_DEBIT_UNREADABLE = "Valor ilegível: crédito e débito preenchidos, ou nenhum dos dois";
/** A line whose amount reads as zero. */
export const zeroAmountReason = (text: string) => `Valor ilegível: «${text.trim()}» (valor zero)`;
