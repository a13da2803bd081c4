import type { EnrollmentStatus } from "@app/shared/enums";
import { describe, expect, it } from "vitest";
import { actionAccess, canRequestCorrection, canSendWhatsapp, rowActionsFor, withoutClass } from "./enrollment-actions";

const secretaria = actionAccess("secretaria");
const financeiro = actionAccess("financeiro");
/** A row in `status`, with a class or without one. */
const row = (status: EnrollmentStatus, classId: string | null = null) => ({ status, classId });

describe("row actions of 'Inscrições'", () => {
  it("offers approve and reject on a pre-enrolment, never the payment", () => {
    expect(rowActionsFor(row("pre_inscrito"), secretaria)).toEqual(["view", "edit", "approve", "reject", "delete"]);
  });

  it("lets a correction_requested enrolment be rejected but not approved until the student replies", () => {
    expect(rowActionsFor(row("correction_requested"), secretaria)).toEqual(["view", "edit", "reject", "delete"]);
  });

  it("offers 'Confirmar pagamento' only on an approved enrolment", () => {
    expect(rowActionsFor(row("approved"), secretaria)).toEqual(["view", "edit", "confirmPayment", "delete"]);
    for (const status of ["payment_pending", "rejected"] as const) {
      expect(rowActionsFor(row(status), secretaria)).toEqual(["view", "edit", "delete"]);
    }
  });

  it("offers 'Atribuir turma' only on an enrolled enrolment without a class, to those who review", () => {
    expect(rowActionsFor(row("enrolled"), secretaria)).toEqual(["view", "edit", "assignClass", "delete"]);
    expect(rowActionsFor(row("enrolled", "a-class"), secretaria)).toEqual(["view", "edit", "delete"]);
    expect(rowActionsFor(row("payment_pending"), secretaria)).not.toContain("assignClass");
    expect(rowActionsFor(row("enrolled"), financeiro)).toEqual(["view"]);
    expect(rowActionsFor(row("enrolled"), actionAccess("admin"))).toContain("assignClass");
  });

  it("calls only an enrolled enrolment without a class 'Sem turma'", () => {
    expect(withoutClass(row("enrolled"))).toBe(true);
    expect(withoutClass(row("enrolled", "a-class"))).toBe(false);
    expect(withoutClass(row("approved"))).toBe(false);
  });

  it("gives an unknown status ('Pendente') nothing but view and delete", () => {
    expect(rowActionsFor(row("pending" as EnrollmentStatus), secretaria)).toEqual(["view", "edit", "delete"]);
  });

  it("lets financeiro only view and confirm payments", () => {
    expect(rowActionsFor(row("pre_inscrito"), financeiro)).toEqual(["view"]);
    expect(rowActionsFor(row("approved"), financeiro)).toEqual(["view", "confirmPayment"]);
    expect(canRequestCorrection("pre_inscrito", financeiro)).toBe(false);
    expect(canSendWhatsapp("approved", financeiro)).toBe(false);
  });

  it("gives super_admin and admin the reviewer's actions, and professor none", () => {
    expect(rowActionsFor(row("pre_inscrito"), actionAccess("super_admin"))).toEqual([
      "view",
      "edit",
      "approve",
      "reject",
      "delete",
    ]);
    expect(rowActionsFor(row("approved"), actionAccess("admin"))).toEqual(["view", "edit", "confirmPayment", "delete"]);
    expect(rowActionsFor(row("approved"), actionAccess("professor"))).toEqual(["view"]);
  });

  it("asks corrections only in pre_inscrito, and sends the code by WhatsApp while it is unpaid", () => {
    expect(canRequestCorrection("pre_inscrito", secretaria)).toBe(true);
    expect(canRequestCorrection("correction_requested", secretaria)).toBe(false);
    expect(canSendWhatsapp("approved", secretaria)).toBe(true);
    expect(canSendWhatsapp("payment_pending", secretaria)).toBe(true);
    expect(canSendWhatsapp("enrolled", secretaria)).toBe(false);
    expect(canSendWhatsapp("pre_inscrito", secretaria)).toBe(false);
  });
});
