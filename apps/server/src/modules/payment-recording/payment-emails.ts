import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phones";
import type { BankDetails } from "@app/shared/schemas/settings";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { courses, type enrollments } from "../../db/schema";
import type { MailQueue } from "../../mail/mail-queue";
import { getBankDetails } from "../settings/settings.service";

/**
 * The plain-text e-mails a student gets about a payment (decision 044): a greeting, the course, what
 * happened, what happens next, where to look (/aluno/pagamento) and how to reach the institute, signed
 * with its name from 'Configurações'. A payment recorded sends one of these (decision 079); a receipt
 * refused sends receipts' own, built from the same parts.
 */
export interface PaymentEmailInput {
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

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
export const paymentPage = (baseUrl: string) => `${baseUrl.replace(/\/+$/, "")}/aluno/pagamento`;

export function closing(input: PaymentEmailInput): string[] {
  const { institute } = input;
  return [
    `Dúvidas: WhatsApp +244 ${formatAngolanMobile(institute.whatsappNumber)} ou ${institute.contactEmail}.`,
    "",
    "Atenciosamente,",
    institute.name,
  ];
}

/** A bank transfer recorded (a receipt approved, a statement line confirmed). */
export function receiptApprovedEmail(input: PaymentEmailInput): { subject: string; text: string } {
  const reference = input.referenceCode ? `, referência ${input.referenceCode}` : "";
  return {
    subject: `Pagamento confirmado: está matriculado em «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `A equipe financeira do ${input.institute.name} validou o comprovante de pagamento que enviou para o curso «${input.courseName}».`,
      `Valor confirmado: ${formatKz(input.paidAmount)} (transferência de ${formatDate(input.paymentDate)}${reference}).`,
      "",
      "A sua matrícula está concluída: já está matriculado neste curso.",
      "A secretaria vai informar a turma, o horário e a data de início das aulas.",
      "",
      `Pode ver o estado da sua matrícula e o histórico dos seus comprovantes na Área do Aluno, em «Comprovar Pagamento»: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  };
}

/** The payment of a Multicaixa reference recorded (issue 26): the same news as an approved receipt. */
export function referencePaidEmail(input: PaymentEmailInput): { subject: string; text: string } {
  return {
    subject: `Pagamento confirmado: está matriculado em «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `Recebemos o seu pagamento por referência Multicaixa para o curso «${input.courseName}».`,
      `Valor pago: ${formatKz(input.paidAmount)} (${formatDate(input.paymentDate)}).`,
      "",
      "A sua matrícula está concluída: já está matriculado neste curso.",
      "A secretaria vai informar a turma, o horário e a data de início das aulas.",
      "",
      `Pode ver o estado da sua matrícula na Área do Aluno: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  };
}

/**
 * A payment taken by staff in 'Confirmar pagamento' (decision 088): the amount, the way and the date as
 * staff recorded them, and the class the student joined.
 */
export function deskPaymentEmail(methodLabel: string, className: string): PaymentEmail {
  return (input) => ({
    subject: `Pagamento confirmado: você está matriculado em «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `A equipe do ${input.institute.name} registrou seu pagamento de ${formatKz(input.paidAmount)} (${methodLabel}, ${formatDate(input.paymentDate)}) para o curso «${input.courseName}».`,
      "",
      `Sua matrícula está concluída: você está matriculado na turma «${className}».`,
      "",
      `Você pode ver o estado da sua matrícula e os pagamentos recebidos na Área do Aluno: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  });
}

/**
 * A payment short of what was owed, and the enrolment waits for the rest (decision 083): what arrived,
 * what is missing and how to pay it (a new Multicaixa reference for it when references are on, or the
 * transfer with the same reference code and a receipt).
 */
export function balanceAwaitedEmail(
  input: PaymentEmailInput & { due: number; remaining: number; multicaixa: boolean },
): { subject: string; text: string } {
  const code = input.referenceCode ? ` com o código de referência ${input.referenceCode} na descrição` : "";
  return {
    subject: `Pagamento recebido: faltam ${formatKz(input.remaining)} para «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `Recebemos seu pagamento de ${formatKz(input.paidAmount)} (${formatDate(input.paymentDate)}) para o curso «${input.courseName}».`,
      `O curso custa ${formatKz(input.due)}: faltam ${formatKz(input.remaining)} para concluir a matrícula.`,
      "",
      `Como pagar os ${formatKz(input.remaining)} que faltam:`,
      ...(input.multicaixa
        ? ["- por referência Multicaixa: você vai receber uma nova referência para este valor em instantes;"]
        : []),
      `- ${input.multicaixa ? "ou " : ""}por transferência bancária${code}, e envie o comprovante na Área do Aluno.`,
      "",
      "A matrícula fica concluída assim que o valor em falta for recebido.",
      `Você pode ver o que já pagou e o que falta na Área do Aluno: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  };
}

/** Finance accepted a shortfall as paid (decision 083): the enrolment is complete. */
export function differenceAcceptedEmail(input: PaymentEmailInput): { subject: string; text: string } {
  return {
    subject: `Pagamento confirmado: está matriculado em «${input.courseName}»`,
    text: [
      `Olá ${firstName(input.studentName)},`,
      "",
      `A equipe financeira do ${input.institute.name} considerou pago o curso «${input.courseName}».`,
      "",
      "Sua matrícula está concluída: você já está matriculado neste curso.",
      "A secretaria vai informar a turma, o horário e a data de início das aulas.",
      "",
      `Você pode ver o estado da sua matrícula na Área do Aluno: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
  };
}

/** A payment e-mail with the excess paid said before the closing (decision 083). */
export function withExcess(compose: PaymentEmail, excess: number): PaymentEmail {
  return (input) => {
    const message = compose(input);
    const line = `Pagou ${formatKz(excess)} a mais do que o valor do curso: a equipe financeira vai entrar em contato com você para devolver ou creditar esse valor.`;
    const at = message.text.indexOf("\nDúvidas:");
    return { ...message, text: `${message.text.slice(0, at)}\n${line}\n${message.text.slice(at)}` };
  };
}

export type PaymentEmail = (input: PaymentEmailInput) => { subject: string; text: string };
export type StudentEmail = "queued" | "no_email";

/** In the caller's transaction: the student's e-mail `compose`d, when the enrolment has an address. */
export async function enqueueStudentEmail(
  tx: Tx,
  deps: { mail: MailQueue; baseUrl: string },
  paid: { amount: number; paymentDate: string; referenceCode: string | null },
  enrollment: typeof enrollments.$inferSelect,
  compose: PaymentEmail,
): Promise<StudentEmail> {
  if (!enrollment.studentEmail) return "no_email";
  const [course] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, enrollment.courseId));
  const message = compose({
    studentName: enrollment.studentName,
    courseName: course!.name,
    paidAmount: paid.amount,
    paymentDate: paid.paymentDate,
    referenceCode: paid.referenceCode,
    institute: await getBankDetails(tx),
    baseUrl: deps.baseUrl,
  });
  await deps.mail.enqueue(tx, [{ to: enrollment.studentEmail, ...message }]);
  return "queued";
}
