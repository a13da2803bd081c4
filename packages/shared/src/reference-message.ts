import { formatDate } from "./dates";
import { formatIban } from "./iban";
import { formatKz, formatReference } from "./money";
import { formatAngolanMobile } from "./phone-format";
import type { BankDetails } from "./schemas/settings";

/**
 * The message that gives a student the payment reference code: e-mailed by the server at approval
 * and prefilled in the staff's WhatsApp link, so both say the same (decision 018).
 */
export interface ReferenceMessageInput {
  studentName: string;
  courseName: string;
  referenceCode: string;
  /** The course price in kwanzas. */
  amount: number;
  institute: BankDetails;
  /** The enrolment's live Multicaixa reference (issue 26): shown first, as the easiest way to pay. */
  multicaixa?: MulticaixaPart | null;
}

/** A Multicaixa reference as the ATM asks for it: entity, 9-digit reference, amount, and its end. */
export interface MulticaixaPart {
  entity: string;
  reference: string;
  amount: number;
  endsAt: string | Date;
}

export function referenceMessageSubject(input: Pick<ReferenceMessageInput, "courseName" | "referenceCode">): string {
  return `Inscrição aprovada: ${input.courseName} (código ${input.referenceCode})`;
}

/** The subject of the reference's own e-mail, sent once the reference exists (decision 077). */
export function multicaixaMessageSubject(courseName: string): string {
  return `Pagar por referência Multicaixa: «${courseName}»`;
}

function multicaixaLines(m: MulticaixaPart): string[] {
  return [
    "A forma mais fácil de pagar: em qualquer caixa Multicaixa ou no aplicativo do seu banco, em «Pagamentos por referência»:",
    `Entidade: ${m.entity}`,
    `Referência: ${formatReference(m.reference)}`,
    `Montante: ${formatKz(m.amount)}`,
    `Válida até ${formatDate(m.endsAt)}`,
    "Assim que pagar, a matrícula fica concluída sozinha: não precisa de enviar comprovante.",
    "",
  ];
}

/**
 * With a live Multicaixa reference its part comes first (the easiest way to pay, decision 077), the
 * transfer details after it; without one the text is the transfer's alone.
 */
export function referenceMessage(input: ReferenceMessageInput): string {
  const firstName = input.studentName.trim().split(/\s+/)[0] ?? "";
  const { institute, multicaixa } = input;
  return [
    `Olá ${firstName}! A sua inscrição no curso «${input.courseName}» do ${institute.name} foi aprovada.`,
    "",
    ...(multicaixa ? multicaixaLines(multicaixa) : []),
    ...(multicaixa ? ["Ou por transferência bancária:"] : []),
    `Código de referência: ${input.referenceCode}`,
    `Valor a pagar: ${formatKz(input.amount)}`,
    "",
    "Dados para a transferência:",
    `Banco: ${institute.bankName}`,
    `IBAN: ${formatIban(institute.iban)}`,
    `Beneficiário: ${institute.beneficiary}`,
    "",
    "Escreva o código de referência na descrição da transferência e envie o comprovante na Área do Aluno, em «Comprovar Pagamento».",
    `Dúvidas: WhatsApp +244 ${formatAngolanMobile(institute.whatsappNumber)} ou ${institute.contactEmail}.`,
  ].join("\n");
}

/** A wa.me link that opens a chat with an Angolan mobile (9 digits) with `text` prefilled. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/244${phone.replace(/\D/g, "").slice(-9)}?text=${encodeURIComponent(text)}`;
}

/**
 * The message staff send by WhatsApp after resetting or changing a student's credentials ('Contas de
 * Alunos', issue 14): the login code, the password when there is a new one, where to sign in, and that
 * the password must be changed on first use.
 */
export function credentialsMessage(input: {
  studentName: string;
  studentCode: string;
  studentPassword: string | null;
  instituteName: string;
  loginUrl: string;
}): string {
  const firstName = input.studentName.trim().split(/\s+/)[0] ?? "";
  return [
    `Olá ${firstName}! Os seus dados de acesso à Área do Aluno do ${input.instituteName}:`,
    "",
    `Código de estudante: ${input.studentCode}`,
    ...(input.studentPassword ? [`Senha temporária: ${input.studentPassword}`] : []),
    "",
    `Entre em ${input.loginUrl}${input.studentPassword ? " e altere a senha em «Dados de Acesso»." : "."}`,
  ].join("\n");
}
