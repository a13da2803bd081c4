import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phones";
import type { BankDetails } from "@app/shared/schemas/settings";

/**
 * The plain-text e-mails a student gets when finance reviews a receipt (decision 044): a greeting, the
 * course, what happened, what happens next, where to look (/aluno/pagamento) and how to reach the
 * institute, signed with its name from 'Configurações'.
 */
export interface ReceiptEmailInput {
  studentName: string;
  courseName: string;
  paidAmount: number;
  /** `YYYY-MM-DD`, the transfer date the student declared. */
  paymentDate: string;
  referenceCode: string | null;
  institute: Pick<BankDetails, "name" | "whatsappNumber" | "contactEmail">;
  /** The server's public address (BASE_URL), for the link to the student's payment page. */
  baseUrl: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
const paymentPage = (baseUrl: string) => `${baseUrl.replace(/\/+$/, "")}/aluno/pagamento`;

function closing(input: ReceiptEmailInput): string[] {
  const { institute } = input;
  return [
    `Dúvidas: WhatsApp +244 ${formatAngolanMobile(institute.whatsappNumber)} ou ${institute.contactEmail}.`,
    "",
    "Com os melhores cumprimentos,",
    institute.name,
  ];
}

export function receiptApprovedEmail(input: ReceiptEmailInput): { subject: string; text: string } {
  const reference = input.referenceCode ? `, referência ${input.referenceCode}` : "";
  return {
    subject: `Pagamento confirmado: está matriculado em «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `A equipa financeira do ${input.institute.name} validou o comprovante de pagamento que enviou para o curso «${input.courseName}».`,
      `Valor confirmado: ${formatKz(input.paidAmount)} (transferência de ${formatDate(input.paymentDate)}${reference}).`,
      "",
      "A sua matrícula está concluída: já está matriculado neste curso.",
      "A secretaria vai indicar-lhe a turma, o horário e a data de início das aulas.",
      "",
      `Pode ver o estado da sua matrícula e o histórico dos seus comprovantes na Área do Aluno, em «Comprovar Pagamento»: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  };
}

export function receiptRejectedEmail(input: ReceiptEmailInput & { reason: string }): { subject: string; text: string } {
  return {
    subject: `Comprovante de pagamento não aceite: «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `A equipa financeira do ${input.institute.name} analisou o comprovante de pagamento que enviou para o curso «${input.courseName}» (${formatKz(input.paidAmount)}, transferência de ${formatDate(input.paymentDate)}) e não o pôde aceitar.`,
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

/** The payment of a Multicaixa reference recorded (issue 26): the same news as an approved receipt. */
export function referencePaidEmail(input: ReceiptEmailInput): { subject: string; text: string } {
  return {
    subject: `Pagamento confirmado: está matriculado em «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `Recebemos o seu pagamento por referência Multicaixa para o curso «${input.courseName}».`,
      `Valor pago: ${formatKz(input.paidAmount)} (${formatDate(input.paymentDate)}).`,
      "",
      "A sua matrícula está concluída: já está matriculado neste curso.",
      "A secretaria vai indicar-lhe a turma, o horário e a data de início das aulas.",
      "",
      `Pode ver o estado da sua matrícula na Área do Aluno: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  };
}
