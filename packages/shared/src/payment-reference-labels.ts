/**
 * Multicaixa references' states and their labels (issue 26, decision 075), without the validation library:
 * 'Financeiro' shows them before any of its forms is used (decision 100).
 */

export const REFERENCE_STATUSES = ["creating", "active", "paid", "replaced", "deleted"] as const;
/** What became of a provider's payment notification; all but 'applied' are finance's list. */
export const REFERENCE_NOTIFICATION_OUTCOMES = [
  "applied",
  "unknown_reference",
  "wrong_amount",
  "not_payable",
  "invalid",
] as const;
export const REFERENCE_NOTIFICATION_OUTCOME_LABELS: Record<(typeof REFERENCE_NOTIFICATION_OUTCOMES)[number], string> = {
  applied: "Aplicado",
  unknown_reference: "Referência desconhecida",
  wrong_amount: "Valor diferente do devido",
  not_payable: "Inscrição já paga ou fechada",
  invalid: "Dados inválidos enviados pela ProxyPay",
};
/** Finance's filter on 'Pagamentos por referência' (decision 077): still open (default), archived, applied by hand. */
export const UNMATCHED_STATES = ["open", "archived", "applied"] as const;
export const UNMATCHED_STATE_LABELS: Record<(typeof UNMATCHED_STATES)[number], string> = {
  open: "Por resolver",
  archived: "Arquivados",
  applied: "Aplicados à mão",
};
