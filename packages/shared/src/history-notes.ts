import { formatCertificateNumber } from "./certificate-number";
import {
  DOCUMENT_REFUSAL_REASON_LABELS,
  type DocumentRefusalReason,
  ENROLLMENT_DOCUMENT_LABELS,
  ENROLLMENT_EVENT_LABELS,
  type EnrollmentDocumentKind,
} from "./enrollment-review";
import { enrollmentStatusLabel } from "./enums";
import { formatGrade } from "./grades";
import { formatKz, formatReference } from "./money";

/**
 * The notes the server writes into an enrolment's History (`enrollment_events.note`) and a payment's
 * notes, worded once (issue 22). Staff read them in 'Histórico' and 'Financeiro'; tests and e2e
 * assert the words themselves. The History event labels the web shows for a note-less kind are
 * ENROLLMENT_EVENT_LABELS (./enrollment-review); 'Código enviado por WhatsApp' is both.
 */

/** A student's first application. */
export const APPLICATION_SENT_NOTE = "Pré-inscrição enviada pelo aluno";

/** A returning student's application, and how many documents it took from the previous one. */
export function returningApplicationNote(keptDocuments: number): string {
  const kept = keptDocuments;
  return `Nova inscrição enviada pelo aluno${kept > 0 ? ` (${kept} documento${kept > 1 ? "s" : ""} mantido${kept > 1 ? "s" : ""} da inscrição anterior)` : ""}`;
}

/** A staff-recorded enrolment on an account staff chose (decision 024). */
export function staffEnrollmentOnAccountNote(account: { studentCode: string; studentName: string }): string {
  return `Inscrição registrada pela equipe e vinculada à conta de aluno existente ${account.studentCode} (${account.studentName}), escolhida pela equipe`;
}

/** A staff-recorded enrolment with a new account; `unusedCodes` are the accounts the phone already had. */
export function staffEnrollmentNewAccountNote(studentCode: string, unusedCodes: readonly string[]): string {
  const n = unusedCodes.length;
  const others = n
    ? `; o telefone já tinha ${n === 1 ? "a conta" : "as contas"} ${unusedCodes.join(", ")}, não usada${n === 1 ? "" : "s"}`
    : "";
  return `Inscrição registrada pela equipe, com uma nova conta de aluno (${studentCode})${others}`;
}

/** Staff edited fields of an enrolment (their labels). */
export const dataEditedNote = (fieldLabels: readonly string[]) => `Dados editados: ${fieldLabels.join(", ")}`;

/** Approval: the reference code, then staff's notes if any. */
export const approvalNote = (referenceCode: string, notes?: string | null) =>
  [`Código de referência: ${referenceCode}`, notes].filter(Boolean).join(". ");

/** 'Correção pedida: Certificado de habilitações — Ilegível (…)', one entry per refused document. */
export function correctionRequestedNote(
  documents: readonly { document: EnrollmentDocumentKind; reason: DocumentRefusalReason; note?: string | null }[],
): string {
  const list = documents
    .map((d) => {
      const what = `${ENROLLMENT_DOCUMENT_LABELS[d.document]} — ${DOCUMENT_REFUSAL_REASON_LABELS[d.reason]}`;
      return d.note ? `${what} (${d.note})` : what;
    })
    .join("; ");
  return `Correção pedida: ${list}`;
}

export const WHATSAPP_SENT_NOTE = ENROLLMENT_EVENT_LABELS.whatsapp_sent;

export const documentReplacedNote = (documentLabel: string) => `Documento substituído: ${documentLabel}`;
export const DOCUMENTS_CORRECTED_NOTE = "Documentos corrigidos pelo aluno: inscrição de volta para revisão";

/**
 * A payment confirmed at the desk: amount, method label, the class that took the seat (none while the
 * enrolment waits for its balance, decision 088).
 */
export const paymentConfirmedNote = (amount: number | string, methodLabel: string, className: string | null) =>
  `Pagamento confirmado: ${formatKz(amount)} (${methodLabel})${className ? `. Turma: ${className}` : ""}`;
export const classAssignedNote = (className: string) => `Turma atribuída: ${className}`;

/** `paymentDate` is YYYY-MM-DD; the note shows DD/MM/YYYY. */
export const receiptSentNote = (paidAmount: number | string, paymentDate: string) =>
  `Comprovante enviado pelo aluno: ${formatKz(paidAmount)} pagos em ${paymentDate.split("-").reverse().join("/")}`;
export const receiptApprovedNote = (paidAmount: number | string, methodLabel: string) =>
  `Comprovante aprovado: ${formatKz(paidAmount)} (${methodLabel})`;
export const receiptRejectedNote = (reason: string) => `Comprovante rejeitado: ${reason}`;
/** The notes of the payment a receipt approval records ('Financeiro'). */
export const receiptPaymentNotes = (referenceCode: string | null | undefined) =>
  referenceCode ? `Pagamento validado. Ref: ${referenceCode}` : "Pagamento validado via comprovante";

/** 'Concluído, nota 14,5' / 'Não concluído' as History writes a result. */
export function resultSummary(status: string, grade: number | null): string {
  return `${enrollmentStatusLabel(status)}${grade === null ? "" : `, nota ${formatGrade(grade)}`}`;
}
export const resultNote = (status: string, grade: number | null) => `Resultado: ${resultSummary(status, grade)}`;
export const resultCorrectedNote = (
  from: { status: string; grade: number | null },
  to: { status: string; grade: number | null },
  reason: string,
) =>
  `Resultado corrigido: ${resultSummary(from.status, from.grade)} → ${resultSummary(to.status, to.grade)}. Motivo: ${reason}`;
/** Appended to a result's note when it issued a certificate (`number` as printed). */
export const certificateIssuedSuffix = (number: string) => `. Certificado ${number} emitido`;

export const certificateRevokedNote = (certificateNumber: string, reason: string) =>
  `Certificado ${formatCertificateNumber(certificateNumber)} revogado: ${reason}`;
export const certificateReplacedNote = (oldNumber: string, newNumber: string) =>
  `Certificado ${formatCertificateNumber(oldNumber)} substituído por ${formatCertificateNumber(newNumber)}`;
/** The revocation reason of a certificate replaced by a reissue (the verification page shows it). */
export const REISSUE_REASON = "Substituído por um novo certificado (reemissão)";

/** A bank-statement line confirmed as an enrolment's payment (issue 25): which line of which statement. */
/** A statement line finance attributed to this enrolment by hand (before it is confirmed). */
export const statementLineAssignedNote = (
  amount: number | string,
  lineNumber: number,
  fileName: string,
  bankName: string,
) =>
  `Linha do extrato atribuída a esta inscrição pela equipe: ${formatKz(amount)} (linha ${lineNumber} de ${fileName}, ${bankName})`;

/** The import holding a line assigned to this enrolment by hand was deleted (issue 34): the line went with it. */
export const statementLineDeletedNote = (
  amount: number | string,
  lineNumber: number,
  fileName: string,
  bankName: string,
) =>
  `Extrato excluído pela equipe: a linha atribuída a esta inscrição deixou de existir (${formatKz(amount)}, linha ${lineNumber} de ${fileName}, ${bankName})`;

export const statementPaymentNote = (amount: number | string, lineNumber: number, fileName: string, bankName: string) =>
  `Pagamento confirmado pelo extrato: ${formatKz(amount)} (linha ${lineNumber} de ${fileName}, ${bankName})`;

/** A Multicaixa reference paid (decision 075), or applied by finance from 'Pagamentos por referência' (077). */
export const referencePaidNote = (amount: number | string, byHand = false) =>
  `Pago por referência: ${formatKz(amount)} (Multicaixa)${byHand ? ", aplicado à mão pelo financeiro" : ""}`;
/** The notes of the payment a Multicaixa reference records ('Financeiro'). */
export const referencePaymentNotes = (entity: string, reference: string, byHand = false) =>
  `Referência Multicaixa: entidade ${entity}, referência ${formatReference(reference)}${byHand ? " (aplicado à mão)" : ""}`;
/** A reference payment finance archived, with why (decision 077); an invalid one's amount may be unreadable (079). */
export const referencePaymentArchivedNote = (amount: number | string | null, reason: string) =>
  `Pagamento por referência de ${amount === null ? "valor ilegível" : formatKz(amount)} arquivado: ${reason}`;

/*
 * A payment that differs from what the enrolment still owes (decision 083): appended to the payment's own
 * note ('Comprovante aprovado: …', 'Pago por referência: …'), so History says what it did to the balance.
 */
/** The enrolment keeps waiting: what is still owed of what is due. */
export const balanceAwaitedSuffix = (remaining: number, due: number) =>
  `. Faltam ${formatKz(remaining)} de ${formatKz(due)}: a inscrição aguarda o saldo`;
/** Finance accepted the shortfall as paid, with why. */
export const differenceAcceptedSuffix = (remaining: number, reason: string) =>
  `. Diferença de ${formatKz(remaining)} aceita como paga: ${reason}`;
/** Paid above what was owed: enrolled, the excess for finance to refund or credit. */
export const excessSuffix = (excess: number) => `. Excedente de ${formatKz(excess)} a devolver ou creditar`;
/** Finance accepted, later, the balance an enrolment was waiting for. */
export const differenceAcceptedNote = (remaining: number, reason: string) =>
  `Diferença de ${formatKz(remaining)} aceita como paga: ${reason}`;
