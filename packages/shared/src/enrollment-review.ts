import { ENROLLMENT_DOCUMENTS } from "./enrollment-documents";
import { type EnrollmentStatus, enrollmentStatusLabel, type StaffRole } from "./enums";
import { type CodedMessage, REFERENCE_CODE_TAKEN } from "./messages";

/** Staff review of an enrolment (SPEC §4 'Enrolment status', decision 018): what may happen in which status. */

/** The three documents of an enrolment, as the database and the API name them. */
export const ENROLLMENT_DOCUMENT_KINDS = ["id_card_front", "id_card_back", "certificate"] as const;
export type EnrollmentDocumentKind = (typeof ENROLLMENT_DOCUMENT_KINDS)[number];
export const ENROLLMENT_DOCUMENT_LABELS = Object.fromEntries(
  ENROLLMENT_DOCUMENTS.map((d) => [d.kind, d.label]),
) as Record<EnrollmentDocumentKind, string>;

/** Why staff refuse a document and ask the student for another one. */
export const DOCUMENT_REFUSAL_REASONS = [
  "ilegivel",
  "documento_errado",
  "documento_expirado",
  "incompleto",
  "outro",
] as const;
export type DocumentRefusalReason = (typeof DOCUMENT_REFUSAL_REASONS)[number];
export const DOCUMENT_REFUSAL_REASON_LABELS: Record<DocumentRefusalReason, string> = {
  ilegivel: "Ilegível",
  documento_errado: "Documento errado",
  documento_expirado: "Documento expirado",
  incompleto: "Incompleto",
  outro: "Outro",
};

/**
 * History events that are not a status change (their from and to status are the same). A null kind
 * is a status change.
 */
export const ENROLLMENT_EVENT_KINDS = [
  "whatsapp_sent",
  "data_edited",
  "document_replaced",
  /** A new receipt sent while the enrolment was already payment_pending (before decision 050, after a rejection). */
  "receipt_sent",
  /** A receipt rejected while the enrolment was not payment_pending; from payment_pending it is a status change (decision 050). */
  "receipt_rejected",
  /** A certificate revoked, or replaced by a new one (the enrolment stays completed; decision 041). */
  "certificate_revoked",
  "certificate_reissued",
  /** An SMS to the student handed to the provider, delivered to the phone, or not (decision 092). */
  "sms_sent",
  "sms_delivered",
  "sms_failed",
] as const;
export type EnrollmentEventKind = (typeof ENROLLMENT_EVENT_KINDS)[number];
/** What History shows for an event of each kind ('Código enviado por WhatsApp' is also its note). */
export const ENROLLMENT_EVENT_LABELS: Record<EnrollmentEventKind, string> = {
  whatsapp_sent: "Código enviado por WhatsApp",
  data_edited: "Dados editados",
  document_replaced: "Documento substituído pelo aluno",
  receipt_sent: "Novo comprovante enviado pelo aluno",
  receipt_rejected: "Comprovante rejeitado",
  certificate_revoked: "Certificado revogado",
  certificate_reissued: "Certificado reemitido",
  sms_sent: "SMS enviado",
  sms_delivered: "SMS entregue",
  sms_failed: "SMS não entregue",
};

/**
 * Who does what on 'Inscrições' (decision 018). Applicants' identity documents are not a teacher's
 * business: professor sees no enrolment. Finance confirms payments; the secretariat reviews.
 */
export const ENROLLMENT_VIEWER_ROLES = [
  "super_admin",
  "admin",
  "secretaria",
  "financeiro",
] as const satisfies readonly StaffRole[];
export const ENROLLMENT_REVIEWER_ROLES = ["super_admin", "admin", "secretaria"] as const satisfies readonly StaffRole[];
export const PAYMENT_CONFIRMER_ROLES = [
  "super_admin",
  "admin",
  "secretaria",
  "financeiro",
] as const satisfies readonly StaffRole[];
export const ENROLLMENT_VIEWER_MESSAGE =
  "Só Super Administrador, Administrador, Secretaria e Financeiro podem ver as inscrições";
export const ENROLLMENT_REVIEWER_MESSAGE =
  "Só Super Administrador, Administrador e Secretaria podem aprovar, rejeitar, pedir correção ou excluir inscrições";
export const ENROLLMENT_EDITOR_MESSAGE =
  "Só Super Administrador, Administrador e Secretaria podem criar ou editar inscrições";
export const PAYMENT_CONFIRMER_MESSAGE =
  "Só Super Administrador, Administrador, Secretaria e Financeiro podem confirmar pagamentos";

/** The staff actions on an enrolment and the statuses each one starts from; any other status is a 409. */
export const ENROLLMENT_ACTION_FROM = {
  approve: ["pre_inscrito"],
  reject: ["pre_inscrito", "correction_requested"],
  requestCorrection: ["pre_inscrito"],
  whatsappSent: ["approved", "payment_pending", "receipt_rejected"],
  /**
   * Also after a rejected receipt: the student may pay at the desk instead of sending another (decision 050);
   * and the balance of a partial payment (decision 083).
   */
  confirmPayment: ["approved", "receipt_rejected", "partial_payment"],
  /** An enrolment made 'Matriculado' by a receipt approval has no class yet (decision 045). */
  assignClass: ["enrolled"],
  /** The teacher's result: enrolled → completed (certificate issued) or not_completed (decision 021). */
  recordResult: ["enrolled"],
  /** Staff correct a recorded result once no certificate is in force (decision 027). */
  correctResult: ["completed", "not_completed"],
} as const satisfies Record<string, readonly EnrollmentStatus[]>;
export type EnrollmentAction = keyof typeof ENROLLMENT_ACTION_FROM;

/** True when `action` is allowed for an enrolment in `status`, so the screen offers only what the server accepts. */
export function canDoEnrollmentAction(action: EnrollmentAction, status: EnrollmentStatus): boolean {
  return (ENROLLMENT_ACTION_FROM[action] as readonly EnrollmentStatus[]).includes(status);
}

const ACTION_VERBS: Record<EnrollmentAction, string> = {
  approve: "aprovar esta inscrição",
  reject: "rejeitar esta inscrição",
  requestCorrection: "pedir correção de documentos",
  whatsappSent: "registrar o envio do código",
  confirmPayment: "confirmar o pagamento desta inscrição",
  assignClass: "atribuir uma turma a esta inscrição",
  recordResult: "registrar o resultado",
  correctResult: "corrigir o resultado",
};

/** The 409 when an action meets the wrong status: it names the current status label. */
export function wrongStatus(action: EnrollmentAction, status: EnrollmentStatus): CodedMessage {
  return {
    code: "invalid_status",
    message: `Não é possível ${ACTION_VERBS[action]}: a inscrição está «${enrollmentStatusLabel(status)}».`,
  };
}

/** Statuses in which the student has a payment reference code (and so sees it and the bank details). */
export const STATUSES_WITH_REFERENCE: readonly EnrollmentStatus[] = [
  "approved",
  "payment_pending",
  "receipt_rejected",
  "partial_payment",
  "enrolled",
];

/**
 * Statuses in which the enrolment awaits payment, so the student may send a receipt and any way of paying
 * records one: approved (the first one), payment_pending (kept for rows older than decision 050),
 * receipt_rejected (a new one after a rejection) and partial_payment (the balance, decision 083).
 * Sending a receipt moves the enrolment to payment_pending.
 */
export const RECEIPT_SENDING_STATUSES: readonly EnrollmentStatus[] = [
  "approved",
  "payment_pending",
  "receipt_rejected",
  "partial_payment",
];

/** A payment reference code typed by staff: trimmed, upper-cased, A–Z, 0–9 and '-', at most 20. */
export const REFERENCE_CODE_MAX = 20;
export const REFERENCE_CODE_PATTERN = /^[A-Z0-9-]+$/;
export const REFERENCE_CODE_MESSAGES = {
  required: "Código de referência é obrigatório",
  characters: "O código de referência só pode ter letras (A–Z), algarismos e '-'",
  tooLong: `O código de referência pode ter no máximo ${REFERENCE_CODE_MAX} caracteres`,
  taken: REFERENCE_CODE_TAKEN.message,
} as const;

/**
 * Statuses in which an enrolment holds its course (issue 14): an application under review or waiting
 * for payment, or the course in progress. While one of these exists for a course, the same student
 * account may not apply for that course again. Anything else (rejected, a finished course's
 * 'completed'/'not_completed', an unknown status) leaves the course free for a new application.
 */
export const COURSE_HOLDING_STATUSES = [
  "pre_inscrito",
  "correction_requested",
  "approved",
  "payment_pending",
  "receipt_rejected",
  "partial_payment",
  "enrolled",
] as const satisfies readonly EnrollmentStatus[];

/** True when an enrolment in `status` keeps its student from applying for the same course again. */
export function holdsCourse(status: string): boolean {
  return (COURSE_HOLDING_STATUSES as readonly string[]).includes(status);
}

/** The courses an account may not apply for now: those with an enrolment in a holding status. */
export function heldCourseIds(enrollments: readonly { courseId: string; status: string }[]): Set<string> {
  return new Set(enrollments.filter((e) => holdsCourse(e.status)).map((e) => e.courseId));
}

/** May the account with these enrolments apply for `courseId`? (the server's check and the form's list) */
export function mayApplyForCourse(
  enrollments: readonly { courseId: string; status: string }[],
  courseId: string,
): boolean {
  return !heldCourseIds(enrollments).has(courseId);
}
