/**
 * Receipt texts without the validation library: the receipt form's messages that the student's payment
 * screen shows before its schema is loaded, and the duplicate warnings staff read (decision 100).
 */
export const RECEIPT_MESSAGES = {
  enrollment: "Selecione a inscrição",
  file: "Anexe o comprovante",
  statementFilter: "Filtro de extrato inválido",
} as const;

/** Why a receipt looks like one already sent for ANOTHER enrolment. */
export const RECEIPT_DUPLICATE_KINDS = ["same_file", "same_payment"] as const;
export const RECEIPT_DUPLICATE_LABELS: Record<(typeof RECEIPT_DUPLICATE_KINDS)[number], string> = {
  same_file: "O mesmo arquivo já foi enviado para outra inscrição",
  same_payment: "Mesmo valor, data e código de referência já enviados para outra inscrição",
};
