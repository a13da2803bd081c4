import { describe, expect, it } from "vitest";
import { canDoEnrollmentAction, enrollmentCounts, wrongStatusMessage } from "./enrollment-review";
import { enrollmentStatusLabel } from "./enums";

describe("enrolment review rules", () => {
  it("offers each action only from the statuses decision 018 allows", () => {
    expect(canDoEnrollmentAction("approve", "pre_inscrito")).toBe(true);
    expect(canDoEnrollmentAction("approve", "correction_requested")).toBe(false);
    expect(canDoEnrollmentAction("reject", "correction_requested")).toBe(true);
    expect(canDoEnrollmentAction("reject", "approved")).toBe(false);
    expect(canDoEnrollmentAction("requestCorrection", "pre_inscrito")).toBe(true);
    expect(canDoEnrollmentAction("whatsappSent", "payment_pending")).toBe(true);
    expect(canDoEnrollmentAction("whatsappSent", "enrolled")).toBe(false);
    expect(canDoEnrollmentAction("confirmPayment", "approved")).toBe(true);
    expect(canDoEnrollmentAction("confirmPayment", "payment_pending")).toBe(false);
  });

  it("names the current status in the refusal", () => {
    expect(wrongStatusMessage("approve", "enrolled")).toBe(
      "Não é possível aprovar esta inscrição: a inscrição está «Matriculado».",
    );
    expect(enrollmentStatusLabel("correction_requested")).toBe("Correção pedida");
  });

  it("counts the summary cards, an unknown status only in the total", () => {
    const counts = enrollmentCounts([
      { status: "pre_inscrito" },
      { status: "pre_inscrito" },
      { status: "approved" },
      { status: "pending" },
    ]);
    expect(counts).toMatchObject({ total: 4, pre_inscrito: 2, approved: 1, payment_pending: 0, enrolled: 0 });
  });
});
