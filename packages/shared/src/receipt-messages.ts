/** Messages of the receipt form that the student's payment screen shows before its schema is loaded. */
export const RECEIPT_MESSAGES = {
  enrollment: "Selecione a inscrição",
  file: "Anexe o comprovante",
  statementFilter: "Filtro de extrato inválido",
} as const;
