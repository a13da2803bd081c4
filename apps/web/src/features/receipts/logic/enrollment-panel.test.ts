import type { EnrollmentStatus } from "@app/shared/enums";
import { describe, expect, it } from "vitest";
import { enrollmentPanel, orderForStudent } from "./enrollment-panel";

const e = (status: EnrollmentStatus, paymentReferenceCode: string | null = null) => ({ status, paymentReferenceCode });

describe("the student's enrolment panels on /aluno/pagamento", () => {
  it("waits while pre-enrolled, asks for documents, gives the reason, then the payment details", () => {
    expect(enrollmentPanel(e("pre_inscrito"))).toBe("waiting");
    expect(enrollmentPanel(e("correction_requested"))).toBe("correction");
    expect(enrollmentPanel(e("rejected"))).toBe("rejected");
    expect(enrollmentPanel(e("approved", "K7M3QX9A"))).toBe("payment");
    expect(enrollmentPanel(e("payment_pending", "K7M3QX9A"))).toBe("payment");
    expect(enrollmentPanel(e("enrolled", "K7M3QX9A"))).toBe("enrolled");
    expect(enrollmentPanel(e("completed", "K7M3QX9A"))).toBe("finished");
    expect(enrollmentPanel(e("not_completed", "K7M3QX9A"))).toBe("ended");
  });

  it("never offers a payment without a code, and lets an unknown status wait ('Pendente')", () => {
    expect(enrollmentPanel(e("approved"))).toBe("waiting");
    expect(enrollmentPanel(e("pending" as EnrollmentStatus))).toBe("waiting");
  });

  it("puts what needs the student first, keeping the given order otherwise", () => {
    const list = [e("enrolled", "A"), e("pre_inscrito"), e("approved", "B"), e("correction_requested"), e("rejected")];
    expect(orderForStudent(list).map((x) => x.status)).toEqual([
      "correction_requested",
      "approved",
      "pre_inscrito",
      "enrolled",
      "rejected",
    ]);
  });
});
