import { formatDate } from "@app/shared/dates";
import { formatKz, formatReference } from "@app/shared/money";
import { formatIban } from "@app/shared/schemas/settings";
import { cutAtWord, fitSegment, foldToGsm7 } from "./gsm7";

/**
 * The institute's SMS to a student (issue 36), each one GSM-7 segment (gsm7.ts). The sender (TWILIO_FROM,
 * the institute's short name) says who writes; the text says what to do. Names and reasons give way
 * first; codes, amounts, IBANs and references are never cut.
 */
export const SMS_TEMPLATES = [
  "approval",
  "multicaixa",
  "correction",
  "receipt_rejected",
  "enrolled",
  "certificate",
  "credentials",
  "test",
] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

/** Approved, paying by bank transfer: the code to write on it, the amount and the IBAN. */
export function approvalSms(v: { courseName: string; referenceCode: string; amount: number; iban: string }): string {
  return fitSegment(
    { course: v.courseName, code: v.referenceCode, amount: formatKz(v.amount), iban: formatIban(v.iban) },
    (x) =>
      `Aprovado${x.course ? ` em ${x.course}` : ""}. Codigo ${x.code}. Transfira ${x.amount} para o IBAN ${x.iban} e envie o comprovante.`,
    ["course"],
  );
}

/** Approved with a Multicaixa reference (sent once the reference exists): entity, reference, amount, end. */
export function multicaixaSms(v: {
  courseName: string;
  referenceCode: string;
  entity: string;
  reference: string;
  amount: number;
  endsAt: Date | string;
}): string {
  return fitSegment(
    {
      course: v.courseName,
      code: v.referenceCode,
      entity: v.entity,
      reference: formatReference(v.reference),
      amount: formatKz(v.amount),
      ends: formatDate(v.endsAt),
    },
    (x) =>
      `Pague ${x.amount} no Multicaixa: Entidade ${x.entity}, Referencia ${x.reference}, ate ${x.ends}. Codigo ${x.code}. Curso: ${x.course}`,
    ["course"],
  );
}

/** Staff asked for a document again. */
export function correctionSms(v: { courseName: string; documents: string[] }): string {
  const what = v.documents.length === 1 ? `o documento ${v.documents[0]}` : `${v.documents.length} documentos`;
  return fitSegment(
    { course: v.courseName, what },
    (x) => `Inscricao em ${x.course}: envie de novo ${x.what} na sua area do portal.`,
    ["course", "what"],
  );
}

/** The course name's room beside a reason: the reason is what the student must read. */
const COURSE_BESIDE_REASON = 40;

/** A receipt refused, with the start of the reason. */
export function receiptRejectedSms(v: { courseName: string; reason: string }): string {
  return fitSegment(
    { course: cutAtWord(foldToGsm7(v.courseName), COURSE_BESIDE_REASON), reason: v.reason },
    (x) => `Comprovante de ${x.course} rejeitado: ${x.reason}. Envie outro no portal.`,
    ["reason", "course"],
  );
}

/** Paid and enrolled: the class and when it starts. */
export function enrolledSms(v: { courseName: string; className: string | null; startDate: string | null }): string {
  return fitSegment(
    {
      course: v.courseName,
      klass: v.className ? `, turma ${v.className}` : "",
      start: v.startDate ? `, inicio ${formatDate(v.startDate)}` : "",
    },
    (x) => `Pagamento confirmado. Matricula em ${x.course}${x.klass}${x.start}. Bem-vindo(a)!`,
    ["klass", "course"],
  );
}

/** A certificate issued, with the public verification link. */
export function certificateSms(v: { courseName: string; verifyUrl: string }): string {
  return fitSegment(
    { course: v.courseName, url: v.verifyUrl },
    (x) => `Certificado de ${x.course} emitido. Verificar: ${x.url}`,
    ["course"],
  );
}

/** A student's new credentials after staff reset them: only when staff press 'Enviar por SMS', never by itself. */
export function credentialsSms(v: { studentCode: string; password: string }): string {
  return fitSegment(
    { code: v.studentCode, password: v.password },
    (x) => `Portal do instituto: codigo de aluno ${x.code}, senha temporaria ${x.password} . Troque a senha ao entrar.`,
    [],
  );
}

/** 'Enviar SMS de teste' on Configurações → SMS. */
export function testSms(): string {
  return "Teste do portal do instituto: as SMS estao configuradas.";
}
