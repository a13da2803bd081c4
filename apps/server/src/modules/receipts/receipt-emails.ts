import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { closing, firstName, type PaymentEmailInput, paymentPage } from "../payment-recording/payment-emails";

/** A receipt finance could not accept (decision 044): the reason, and how to send another. */
export function receiptRejectedEmail(input: PaymentEmailInput & { reason: string }): { subject: string; text: string } {
  return {
    subject: `Comprovante de pagamento não aceito: «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `A equipe financeira do ${input.institute.name} analisou o comprovante de pagamento que enviou para o curso «${input.courseName}» (${formatKz(input.paidAmount)}, transferência de ${formatDate(input.paymentDate)}) e não o pôde aceitar.`,
      "",
      `Motivo: ${input.reason}`,
      "",
      "A sua inscrição continua válida. Para concluir a matrícula, envie um novo comprovante na Área do Aluno, em «Comprovar Pagamento»:",
      paymentPage(input.baseUrl),
      input.referenceCode
        ? `Confirme que o valor, a data e o código de referência ${input.referenceCode} se leem bem no comprovante.`
        : "Confirme que o valor e a data se leem bem no comprovante.",
      "",
      ...closing(input),
    ].join("\n"),
  };
}
