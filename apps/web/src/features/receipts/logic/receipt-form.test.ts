import type { EnrollmentStatus, ReceiptStatus } from "@app/shared/enums";
import { describe, expect, it } from "vitest";
import { divergenceWarning, receiptEligible, receiptStep } from "./receipt-form";

const enrollment = (id: string, status: EnrollmentStatus, code: string | null = "K7M3QX9A") => ({
  id,
  status,
  paymentReferenceCode: code,
});
const receipt = (enrollmentId: string, status: ReceiptStatus, submittedAt: string, notes: string | null = null) => ({
  enrollmentId,
  status,
  submittedAt,
  notes,
});

describe("receiptStep", () => {
  it("offers the form for an approved enrolment with a code and no receipt", () => {
    expect(receiptStep(enrollment("a", "approved"), [])).toEqual({ kind: "form", rejected: false, rejection: null });
  });

  it("offers nothing before approval, after enrolment, after a rejection of the enrolment, or without a code", () => {
    for (const status of ["pre_inscrito", "correction_requested", "rejected", "enrolled", "novo"] as EnrollmentStatus[])
      expect(receiptStep(enrollment("a", status), []).kind).toBe("none");
    expect(receiptStep(enrollment("a", "approved", null), []).kind).toBe("none");
  });

  it("waits while a receipt is pending, whatever else was sent before", () => {
    const receipts = [
      receipt("a", "rejected", "2026-11-20T10:00:00Z", "Ilegível"),
      receipt("a", "pending", "2026-11-21T10:00:00Z"),
    ];
    expect(receiptStep(enrollment("a", "payment_pending"), receipts)).toEqual({ kind: "pending" });
  });

  it("gives the latest rejection's reason with the form again", () => {
    const receipts = [
      receipt("a", "rejected", "2026-11-20T10:00:00Z", "Valor errado"),
      receipt("a", "rejected", "2026-11-22T10:00:00Z", "Comprovante ilegível"),
      receipt("b", "pending", "2026-11-23T10:00:00Z"),
    ];
    expect(receiptStep(enrollment("a", "approved"), receipts)).toEqual({
      kind: "form",
      rejected: true,
      rejection: "Comprovante ilegível",
    });
  });
});

describe("receiptEligible", () => {
  it("keeps the payable enrolments without a pending receipt, in order", () => {
    const list = [
      enrollment("a", "approved"),
      enrollment("b", "payment_pending"),
      enrollment("c", "payment_pending"),
      enrollment("d", "enrolled"),
      enrollment("e", "pre_inscrito", null),
    ];
    const receipts = [
      receipt("b", "pending", "2026-11-22T10:00:00Z"),
      receipt("c", "rejected", "2026-11-22T10:00:00Z"),
    ];
    expect(receiptEligible(list, receipts).map((e) => e.id)).toEqual(["a", "c"]);
  });
});

describe("divergenceWarning", () => {
  it("is silent when the amount matches, cannot be read yet, or is not positive", () => {
    expect(divergenceWarning("150.000", 150000)).toBeNull();
    expect(divergenceWarning("150000,004", 150000)).toBeNull();
    expect(divergenceWarning("", 150000)).toBeNull();
    expect(divergenceWarning("abc", 150000)).toBeNull();
    expect(divergenceWarning("0", 150000)).toBeNull();
  });

  it("warns from a difference of 0.01 kz, saying by how much and on which side", () => {
    expect(divergenceWarning("149.999,99", 150000)).toMatch(/0,01\s*Kz abaixo do valor do curso \(150\s000,00\s*Kz\)/);
    expect(divergenceWarning("160.000", 150000)).toMatch(/10\s000,00\s*Kz acima/);
  });
});
