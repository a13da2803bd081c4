import {
  canDoEnrollmentAction,
  ENROLLMENT_REVIEWER_ROLES,
  PAYMENT_CONFIRMER_ROLES,
} from "@app/shared/enrollment-review";
import { type EnrollmentStatus, roleSatisfies, type StaffRole } from "@app/shared/enums";

/** The buttons of a row of 'Inscrições', in the order they show. */
export const ROW_ACTIONS = ["view", "edit", "approve", "reject", "confirmPayment", "assignClass", "delete"] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

export interface ActionAccess {
  /** Approve, reject, ask a correction, delete, record the WhatsApp message, 'Atribuir turma'. */
  review: boolean;
  /** 'Confirmar pagamento' (payment and class). */
  confirmPayment: boolean;
}

/** What a staff role may do on 'Inscrições' (the server's rule, decision 018): financeiro only confirms payments. */
export function actionAccess(role: StaffRole | null | undefined): ActionAccess {
  return {
    review: roleSatisfies(role, ENROLLMENT_REVIEWER_ROLES),
    confirmPayment: roleSatisfies(role, PAYMENT_CONFIRMER_ROLES),
  };
}

/** What the row's buttons depend on: the status, and whether the enrolment has a class. */
export interface RowState {
  status: EnrollmentStatus;
  classId: string | null;
}

/** Enrolled without a class: approved through a receipt, waiting for 'Atribuir turma' (decision 045). */
export function withoutClass({ status, classId }: RowState): boolean {
  return status === "enrolled" && classId === null;
}

/**
 * The row's actions for an enrolment: each only where the server accepts it (SPEC §4,
 * ENROLLMENT_ACTION_FROM) and the role may do it. Deletion is possible in any status (SPEC §4); the
 * server refuses it with its message while payments or receipts point at the enrolment. 'Atribuir turma'
 * is for an enrolled enrolment without a class (enrolled through a receipt approval, decision 045).
 */
export function rowActionsFor({ status, classId }: RowState, access: ActionAccess): RowAction[] {
  const allowed: Record<RowAction, boolean> = {
    view: true,
    // Correcting the data is for those who review, in any status (the server's PATCH accepts any).
    edit: access.review,
    approve: access.review && canDoEnrollmentAction("approve", status),
    reject: access.review && canDoEnrollmentAction("reject", status),
    confirmPayment: access.confirmPayment && canDoEnrollmentAction("confirmPayment", status),
    assignClass: access.review && canDoEnrollmentAction("assignClass", status) && classId === null,
    delete: access.review,
  };
  return ROW_ACTIONS.filter((action) => allowed[action]);
}

/** Whether the view dialog offers marking documents as refused and 'Pedir correção'. */
export function canRequestCorrection(status: EnrollmentStatus, access: ActionAccess): boolean {
  return access.review && canDoEnrollmentAction("requestCorrection", status);
}

/** Whether 'Enviar por WhatsApp' (the code and bank details) is offered. */
export function canSendWhatsapp(status: EnrollmentStatus, access: ActionAccess): boolean {
  return access.review && canDoEnrollmentAction("whatsappSent", status);
}
