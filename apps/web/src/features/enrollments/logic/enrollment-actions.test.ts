import { describe, expect, it } from "vitest";
import { actionAccess, canRequestCorrection, canSendWhatsapp, rowActionsFor } from "./enrollment-actions";

const secretaria = actionAccess("secretaria");
const financeiro = actionAccess("financeiro");

describe("row actions of 'Inscrições'", () => {
  it("offers approve and reject on a pre-enrolment, never the payment", () => {
    expect(rowActionsFor("pre_inscrito", secretaria)).toEqual(["view", "edit", "approve", "reject", "delete"]);
  });

  it("lets a correction_requested enrolment be rejected but not approved until the student replies", () => {
    expect(rowActionsFor("correction_requested", secretaria)).toEqual(["view", "edit", "reject", "delete"]);
  });

  it("offers 'Confirmar pagamento' only on an approved enrolment", () => {
    expect(rowActionsFor("approved", secretaria)).toEqual(["view", "edit", "confirmPayment", "delete"]);
    for (const status of ["payment_pending", "enrolled", "rejected"]) {
      expect(rowActionsFor(status, secretaria)).toEqual(["view", "edit", "delete"]);
    }
  });

  it("gives an unknown status ('Pendente') nothing but view and delete", () => {
    expect(rowActionsFor("pending", secretaria)).toEqual(["view", "edit", "delete"]);
  });

  it("lets financeiro only view and confirm payments", () => {
    expect(rowActionsFor("pre_inscrito", financeiro)).toEqual(["view"]);
    expect(rowActionsFor("approved", financeiro)).toEqual(["view", "confirmPayment"]);
    expect(canRequestCorrection("pre_inscrito", financeiro)).toBe(false);
    expect(canSendWhatsapp("approved", financeiro)).toBe(false);
  });

  it("gives super_admin and admin the reviewer's actions, and professor none", () => {
    expect(rowActionsFor("pre_inscrito", actionAccess("super_admin"))).toEqual([
      "view",
      "edit",
      "approve",
      "reject",
      "delete",
    ]);
    expect(rowActionsFor("approved", actionAccess("admin"))).toEqual(["view", "edit", "confirmPayment", "delete"]);
    expect(rowActionsFor("approved", actionAccess("professor"))).toEqual(["view"]);
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
