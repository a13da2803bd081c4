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
    "Com os melhores cumprimentos,",
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
      "A secretaria vai indicar-lhe a turma, o horário e a data de início das aulas.",
      "",
      `Pode ver o estado da sua matrícula na Área do Aluno: ${paymentPage(input.baseUrl)}`,
      "",
      ...closing(input),
    ].join("\n"),
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
