import { paymentReferenceSchemas } from "@app/shared/contract/payment-references.schemas";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { approvedWithReference, startReferencesContext } from "../../../test/references";
import { enrollments, payments, referencePaymentNotifications } from "../../db/schema";
import type { Simulator } from "./provider/simulator";
import { pollPayments } from "./provider-payments.service";

/**
 * Decision 084: PROXYPAY_* unset after references were issued. Without the key a payment cannot be
 * verified or asked for, so the student is told not to pay the issued reference, the webhook refuses
 * with 503 and records nothing, and the payment waits at the provider until references are on again,
 * when the poll records it once. Two instances of the app on one database: `on` with the simulator,
 * `off` without PROXYPAY_*.
 */
describe("references switched off with a reference already issued", () => {
  let sim: Simulator;
  let on: TestContext;
  let off: TestContext;
  let closeOn: () => Promise<void>;
  let courseId: string;
  let secretaria: { cookie: string };
  let financeiro: { cookie: string };

  beforeAll(async () => {
    ({ sim, ctx: on, close: closeOn } = await startReferencesContext());
    off = await createTestContext({ DATABASE_URL: on.databaseUrl });
    courseId = await insertCourse(on.db, { name: "Contabilidade Desligada", price: 120000 });
    secretaria = await staffActor(on, "secretaria");
    financeiro = await staffActor(on, "financeiro");
  });
  afterAll(async () => {
    await off.close();
    await closeOn();
  });

  const summary = async (ctx: TestContext) => {
    const res = await ctx.app.request("/api/admin/payment-references/summary", {
      headers: { cookie: financeiro.cookie },
    });
    expect(res.status).toBe(200);
    return paymentReferenceSchemas.summary.answers[200].parse(await body(res));
  };
  const enrollmentOf = async (id: string) => (await on.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;

  it("tells the student not to pay it, refuses its payment unrecorded (503), and records it once references are on again", async () => {
    const s = await approvedWithReference(on, secretaria.cookie, courseId, "Olga Desligada");

    // The student's screen asks the server, which says references are off: the issued reference is
    // still listed (so the screen can name it as one not to pay), flagged by `multicaixa: false`.
    const own = await off.app.request("/api/me/payment-references", { headers: { cookie: s.cookie } });
    expect(own.status).toBe(200);
    expect(paymentReferenceSchemas.listOwn.answers[200].parse(await body(own))).toEqual({
      multicaixa: false,
      references: [expect.objectContaining({ reference: s.ref.reference, status: "active", expired: false })],
    });
    // Finance's Painel counts it as a reference that can still be paid while off; on, nothing is suspended.
    expect(await summary(off)).toEqual({ open: 0, suspended: 1 });
    expect(await summary(on)).toEqual({ open: 0, suspended: 0 });

    // The student pays it at an ATM anyway; the provider's webhook reaches the instance without the key.
    const { payment } = await sim.pay(s.ref.reference!, { deliver: false });
    const { body: raw, signature } = sim.signed(payment);
    const refused = await off.app.request("/api/payment-references/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature },
      body: raw,
    });
    expect(refused.status).toBe(503);
    // A 5xx carries the request id a secretary can quote (decision 098).
    expect((await body(refused)).error).toEqual({
      code: "references_off",
      message: "O pagamento por referência Multicaixa não está disponível",
      requestId: refused.headers.get("x-request-id"),
    });
    // Nothing recorded, nothing acknowledged: the payment is still listed at the provider.
    expect(await on.db.select().from(referencePaymentNotifications)).toEqual([]);
    expect(await on.db.select().from(payments).where(eq(payments.enrollmentId, s.enrollment.id))).toEqual([]);
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("approved");
    expect(sim.payments.has(String(payment.id))).toBe(true);
    expect(sim.acknowledged).toEqual([]);

    // References on again: the poll records the payment once and acknowledges it.
    const deps = { ...on.deps, baseUrl: on.config.baseUrl, references: on.deps.references! };
    expect(await pollPayments(deps)).toEqual({ listed: 1, failed: 0 });
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("enrolled");
    const recorded = await on.db.select().from(payments).where(eq(payments.enrollmentId, s.enrollment.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: 120000, paymentMethod: "multicaixa" });
    await vi.waitFor(() => expect(sim.acknowledged).toContain(payment.id), { timeout: 15_000, interval: 100 });
    expect(await summary(off)).toEqual({ open: 0, suspended: 0 });
  });

  it("counts the reference payments waiting for finance, for finance only", async () => {
    // A payment of a reference we never issued waits for finance (a short one of ours is recorded: decision 083).
    expect((await sim.pay("999000111", { amount: "1000.00" })).webhookStatus).toBe(200);
    expect((await summary(on)).open).toBe(1);
    const denied = await on.app.request("/api/admin/payment-references/summary", {
      headers: { cookie: secretaria.cookie },
    });
    expect(denied.status).toBe(403);
  });
});
