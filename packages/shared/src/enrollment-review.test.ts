import { describe, expect, it } from "vitest";
import { canDoEnrollmentAction, heldCourseIds, holdsCourse, mayApplyForCourse, wrongStatus } from "./enrollment-review";
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
    // A rejected receipt: staff may still take the payment at the desk and send the code again (decision 050).
    expect(canDoEnrollmentAction("confirmPayment", "receipt_rejected")).toBe(true);
    expect(canDoEnrollmentAction("whatsappSent", "receipt_rejected")).toBe(true);
    expect(enrollmentStatusLabel("receipt_rejected")).toBe("Comprovante rejeitado");
  });

  it("names the current status in the refusal", () => {
    expect(wrongStatus("approve", "enrolled").message).toBe(
      "Não é possível aprovar esta inscrição: a inscrição está «Matriculado».",
    );
    expect(enrollmentStatusLabel("correction_requested")).toBe("Correção pedida");
  });
});

describe("applying again (issue 14)", () => {
  const A = "course-a";
  const B = "course-b";

  it("an application under review or payment, or a course in progress, holds that course only", () => {
    for (const status of [
      "pre_inscrito",
      "correction_requested",
      "approved",
      "payment_pending",
      "receipt_rejected",
      "enrolled",
    ]) {
      expect(mayApplyForCourse([{ courseId: A, status }], A), status).toBe(false);
      expect(mayApplyForCourse([{ courseId: A, status }], B), status).toBe(true);
    }
  });

  it("a rejected application, a finished course or an unknown status leaves the course free", () => {
    for (const status of ["rejected", "completed", "not_completed", "pending"]) {
      expect(holdsCourse(status), status).toBe(false);
      expect(mayApplyForCourse([{ courseId: A, status }], A), status).toBe(true);
    }
  });

  it("one holding enrolment among several is enough to hold the course", () => {
    const history = [
      { courseId: A, status: "rejected" },
      { courseId: A, status: "pre_inscrito" },
      { courseId: B, status: "rejected" },
    ];
    expect([...heldCourseIds(history)]).toEqual([A]);
    expect(mayApplyForCourse(history, A)).toBe(false);
    expect(mayApplyForCourse(history, B)).toBe(true);
  });
});
