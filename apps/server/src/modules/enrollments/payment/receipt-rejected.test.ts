import { todayInLuanda } from "@app/shared/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../../test/context";
import { insertClass, insertCourse } from "../../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../../test/receipts";
import { enrollmentEvents, enrollments } from "../../../db/schema";

/**
 * Decision 050: after finance rejects a receipt the enrolment reads 'Comprovante rejeitado'
 * (receipt_rejected) until the student sends a new one, so Inscrições, the dashboard and the student's
 * card tell the students who must send again from those awaiting validation.
 */
describe("an enrolment whose receipt was rejected", () => {
  let ctx: TestContext;
  let courseId: string;
  let classId: string;
  let financeiro: { cookie: string };
  let secretaria: { cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Prática", price: 150000 });
    classId = await insertClass(ctx.db, courseId, {
      schedule: "Sábado 08h-12h",
      startDate: "2030-01-10",
      endDate: "2030-04-10",
      enrollmentStartDate: "2020-01-01",
      enrollmentEndDate: "2030-01-09",
      maxStudents: 10,
    });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
    secretaria = await staffActor(ctx, "secretaria", "Sara Secretaria");
  });
  afterAll(() => ctx.close());

  /** A signed-in student whose approved enrolment (with a code) got a receipt that finance rejected. */
  async function rejectedReceipt(name: string) {
    const s = await studentWithEnrollment(ctx, courseId, name);
    const sent = await sendReceipt(s.cookie, s.enrollment.id);
    expect(sent.status).toBe(201);
    const receipt = await body(sent);
    expect(await statusOf(s.enrollment.id)).toBe("payment_pending");
    const rejected = await ctx.app.request(
      `/api/admin/receipts/${receipt.id}/reject`,
      jsonRequest("POST", { reason: "Valor ilegível" }, financeiro.cookie),
    );
    expect(rejected.status).toBe(200);
    return { ...s, enrollmentId: s.enrollment.id };
  }
  const sendReceipt = (cookie: string, enrollmentId: string) =>
    submitReceipt(ctx, cookie, receiptForm(enrollmentId, { paidAmount: "150000" }));
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!.status;
  const dashboard = async () =>
    body(await ctx.app.request("/api/admin/dashboard", jsonRequest("GET", undefined, secretaria.cookie)));
  const adminList = async (query = ""): Promise<{ id: string; status: string }[]> =>
    (
      await body(
        await ctx.app.request(`/api/admin/enrollments${query}`, jsonRequest("GET", undefined, secretaria.cookie)),
      )
    ).rows;

  it("reads 'receipt_rejected' in Inscrições, on the dashboard and for the student; a new receipt makes it payment_pending again", async () => {
    const before = await dashboard();
    const s = await rejectedReceipt("Rui Reenvio");

    expect(await statusOf(s.enrollmentId)).toBe("receipt_rejected");
    const [event] = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, s.enrollmentId))
      .orderBy(enrollmentEvents.at)
      .offset(1);
    expect(event).toMatchObject({
      fromStatus: "payment_pending",
      toStatus: "receipt_rejected",
      kind: null,
      note: "Comprovante rejeitado: Valor ilegível",
    });

    // Inscrições: the row carries the status its filter and card count.
    const awaiting = (await adminList("?status=receipt_rejected")).map((r) => r.id);
    expect(awaiting).toEqual([s.enrollmentId]);
    // The dashboard counts it apart from what awaits staff.
    const after = await dashboard();
    expect(after.awaitingNewReceipt - before.awaitingNewReceipt).toBe(1);
    expect(after.pendingEnrollments - before.pendingEnrollments).toBe(0);

    // The student still has the code and the bank details to pay with.
    const [mine] = await body(await ctx.app.request("/api/me/enrollments", jsonRequest("GET", undefined, s.cookie)));
    expect(mine).toMatchObject({ status: "receipt_rejected", paymentReferenceCode: expect.stringMatching(/^REF/) });
    expect(mine.bankDetails).not.toBeNull();

    const again = await sendReceipt(s.cookie, s.enrollmentId);
    expect(again.status).toBe(201);
    expect(await statusOf(s.enrollmentId)).toBe("payment_pending");
    expect((await dashboard()).awaitingNewReceipt).toBe(before.awaitingNewReceipt);
    expect((await adminList("?q=rui%20reenvio")).find((r) => r.id === s.enrollmentId)!.status).toBe("payment_pending");
  });

  it("lets staff confirm a payment taken at the desk and record the code's sending from it", async () => {
    const s = await rejectedReceipt("Paula Balcão");
    const whatsapp = await ctx.app.request(
      `/api/admin/enrollments/${s.enrollmentId}/whatsapp-sent`,
      jsonRequest("POST", {}, secretaria.cookie),
    );
    expect(whatsapp.status).toBe(200);
    expect((await body(whatsapp)).status).toBe("receipt_rejected");

    const confirmed = await ctx.app.request(
      `/api/admin/enrollments/${s.enrollmentId}/confirm-payment`,
      jsonRequest(
        "POST",
        { amount: "150000", paymentDate: todayInLuanda(), method: "tpa", classId, notes: "", expectedBalance: 150000 },
        financeiro.cookie,
      ),
    );
    expect(confirmed.status).toBe(200);
    expect(await body(confirmed)).toMatchObject({ status: "enrolled", classId });
    // Enrolled now: the student may not send another receipt for it.
    expect((await sendReceipt(s.cookie, s.enrollmentId)).status).toBe(409);
  });
});
