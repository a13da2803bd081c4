import { paymentReferenceSchemas } from "@app/shared/contract/payment-references.schemas";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import {
  approvedWithReference as approvedReference,
  startReferencesContext,
  TEST_PROXYPAY_ENTITY,
} from "../../../test/references";
import {
  enrollmentEvents,
  enrollments,
  paymentReceipts,
  paymentReferences,
  payments,
  referencePaymentNotifications,
} from "../../db/schema";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../../mail/mail-queue";
import type { Simulator } from "./provider/simulator";
import { pollPayments } from "./provider-payments.service";

/**
 * Multicaixa references (issue 26, decision 075) against the ProxyPay simulator on a random port, the
 * real app served over HTTP for its webhooks, and a real PostgreSQL.
 */
const ENTITY = TEST_PROXYPAY_ENTITY;

describe("payment references (Multicaixa through ProxyPay)", () => {
  let sim: Simulator;
  let ctx: TestContext;
  let close: () => Promise<void>;
  let courseId: string;
  let secretaria: { cookie: string };
  let financeiro: { cookie: string };

  beforeAll(async () => {
    ({ sim, ctx, close } = await startReferencesContext());
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Geral", price: 150000 });
    secretaria = await staffActor(ctx, "secretaria");
    financeiro = await staffActor(ctx, "financeiro");
  });
  afterAll(() => close());

  const enrollmentOf = async (id: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
  const paymentsOf = (id: string) => ctx.db.select().from(payments).where(eq(payments.enrollmentId, id));
  const mailsTo = async (to: string) => {
    const { rows } = await ctx.db.execute<{ subject: string; text: string }>(sql`
      select data->>'subject' as subject, data->>'text' as text from ${sql.raw(`${MAIL_QUEUE_SCHEMA}.job`)}
      where name = ${MAIL_QUEUE} and data->>'to' = ${to} order by created_on`);
    return rows;
  };

  const approvedWithReference = (name: string, extra: Record<string, unknown> = {}) =>
    approvedReference(ctx, secretaria.cookie, courseId, name, extra);

  it("approval creates a reference through the queue; the student sees entity, reference, amount and expiry", async () => {
    const before = Date.now();
    const s = await approvedWithReference("Ana Multicaixa");
    expect(s.ref.reference).toMatch(/^\d{9}$/);
    expect(s.ref.entity).toBe(ENTITY);
    expect(sim.references.get(s.ref.reference!)).toMatchObject({ amount: "150000.00" });
    const days = (s.ref.endsAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const res = await ctx.app.request("/api/me/payment-references", { headers: { cookie: s.cookie } });
    expect(res.status).toBe(200);
    const answer = paymentReferenceSchemas.listOwn.answers[200].parse(await body(res));
    expect(answer.references).toEqual([
      expect.objectContaining({
        enrollmentId: s.enrollment.id,
        entity: ENTITY,
        reference: s.ref.reference,
        amount: 150000,
        status: "active",
        expired: false,
      }),
    ]);
    const mails = await mailsTo(s.email);
    const referenceMail = mails.find((m) => m.subject.includes("Multicaixa"));
    expect(referenceMail?.text).toContain(`Entidade: ${ENTITY}`);
    expect(referenceMail?.text).toContain(s.ref.reference!.replace(/(\d{3})(?=\d)/g, "$1 "));
    expect(referenceMail?.text).toMatch(/150[\s\u00a0\u202f.]000,00/);
    // The same message as the WhatsApp text (decision 077): the Multicaixa part first, the transfer after.
    expect(referenceMail?.text).toMatch(/Válida até \d{2}\/\d{2}\/\d{4}/);
    expect(referenceMail!.text.indexOf("Entidade")).toBeLessThan(referenceMail!.text.indexOf("IBAN"));
    expect(referenceMail?.text).toContain(`Código de referência: MC-${s.studentCode}`);
  });

  it("staff read an enrolment's live reference for the WhatsApp text; none once paid; 404 for no enrolment", async () => {
    const s = await approvedWithReference("Lara Leitura");
    const read = async (id: string) => {
      const res = await ctx.app.request(`/api/admin/payment-references/${id}`, {
        headers: { cookie: secretaria.cookie },
      });
      return { status: res.status, body: await body(res) };
    };
    const live = await read(s.enrollment.id);
    expect(live.status).toBe(200);
    expect(paymentReferenceSchemas.live.answers[200].parse(live.body).reference).toMatchObject({
      entity: ENTITY,
      reference: s.ref.reference,
      amount: 150000,
      status: "active",
      expired: false,
    });
    // Still 'creating' (the job has not run): the answer says so, without entity or reference yet.
    await ctx.db.update(paymentReferences).set({ status: "creating" }).where(eq(paymentReferences.id, s.ref.id));
    expect((await read(s.enrollment.id)).body.reference).toMatchObject({ status: "creating" });
    await ctx.db.update(paymentReferences).set({ status: "active" }).where(eq(paymentReferences.id, s.ref.id));

    await sim.pay(s.ref.reference!);
    expect((await read(s.enrollment.id)).body).toEqual({ reference: null });
    expect((await read("5b0e7a36-6a55-4a55-9a55-0a5b0e7a3699")).status).toBe(404);
  });

  it("the approval dialog is told that references are on", async () => {
    const res = await ctx.app.request("/api/admin/enrollments/reference-code", {
      headers: { cookie: secretaria.cookie },
    });
    expect(await body(res)).toMatchObject({ multicaixa: true });
  });

  it("a validity chosen at approval is kept", async () => {
    const before = Date.now();
    const s = await approvedWithReference("Bruno Validade", { referenceValidDays: 3 });
    expect(Math.round((s.ref.endsAt.getTime() - before) / 86_400_000)).toBe(3);
  });

  it("the simulator pays → one payment 'Multicaixa', the student enrolled, the e-mail queued, acknowledged", async () => {
    const s = await approvedWithReference("Carla Paga");
    const { payment, webhookStatus } = await sim.pay(s.ref.reference!);
    expect(webhookStatus).toBe(200);
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("enrolled");
    const paid = await paymentsOf(s.enrollment.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ paymentMethod: "multicaixa", amount: 150000, status: "completed" });
    await vi.waitFor(() => expect(sim.acknowledged).toContain(payment.id), { timeout: 15_000, interval: 100 });
    expect((await mailsTo(s.email)).some((m) => m.subject.startsWith("Pagamento confirmado"))).toBe(true);

    // Financeiro's list shows the method.
    const list = await ctx.app.request("/api/admin/payments?q=Carla%20Paga", {
      headers: { cookie: financeiro.cookie },
    });
    expect(list.status).toBe(200);
    expect((await body(list)).rows).toEqual([
      expect.objectContaining({
        enrollmentId: s.enrollment.id,
        paymentMethod: "multicaixa",
        paymentMethodLabel: "Multicaixa",
      }),
    ]);
  });

  it("the same notification five times at once gives one payment", async () => {
    const s = await approvedWithReference("Dário Repetido");
    const { payment } = await sim.pay(s.ref.reference!, { deliver: false });
    const { body: raw, signature } = sim.signed(payment);
    const send = () =>
      ctx.app.request("/api/payment-references/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signature },
        body: raw,
      });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (r) => (await body(r)).outcome));
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(4);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("enrolled");
  });

  it("a forged signature gives 401 and changes nothing", async () => {
    const s = await approvedWithReference("Eva Forjada");
    const { payment } = await sim.pay(s.ref.reference!, { deliver: false });
    const { body: raw, signature } = sim.signed(payment);
    const forged = [
      { "x-signature": "0".repeat(64) },
      {},
      { "x-signature": signature.replace(/^./, (c) => (c === "a" ? "b" : "a")) },
    ];
    for (const headers of forged) {
      const res = await ctx.app.request("/api/payment-references/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: raw,
      });
      expect(res.status).toBe(401);
      expect((await body(res)).error.message).toBe("Assinatura da notificação de pagamento inválida");
    }
    // The right signature over another body (the amount changed) is forged too.
    const tampered = raw.replace('"150000.00"', '"1.00"');
    const res = await ctx.app.request("/api/payment-references/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature },
      body: tampered,
    });
    expect(res.status).toBe(401);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(0);
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("approved");
    const notes = await ctx.db
      .select()
      .from(referencePaymentNotifications)
      .where(eq(referencePaymentNotifications.providerPaymentId, String(payment.id)));
    expect(notes).toHaveLength(0);
  });

  it("a lost webhook: polling picks the payment up and acknowledges it", async () => {
    const s = await approvedWithReference("Filipe Perdido");
    const { payment } = await sim.pay(s.ref.reference!, { deliver: false });
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("approved");
    const deps = { ...ctx.deps, baseUrl: ctx.config.baseUrl, references: ctx.deps.references! };
    await pollPayments(deps);
    expect((await enrollmentOf(s.enrollment.id)).status).toBe("enrolled");
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
    await vi.waitFor(() => expect(sim.acknowledged).toContain(payment.id), { timeout: 15_000, interval: 100 });
    expect(sim.payments.has(String(payment.id))).toBe(false);
    // Polling again finds nothing new: still one payment.
    await pollPayments(deps);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
  });

  it("an unknown reference goes to finance's list instead of being lost", async () => {
    const unknown = await sim.pay("987654321", { amount: "5000.00" });
    expect(unknown.webhookStatus).toBe(200);

    const res = await ctx.app.request("/api/admin/payment-references/unmatched", {
      headers: { cookie: financeiro.cookie },
    });
    expect(res.status).toBe(200);
    const { rows: notifications } = paymentReferenceSchemas.unmatched.answers[200].parse(await body(res));
    expect(notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          providerPaymentId: String(unknown.payment.id),
          reference: "987654321",
          amount: 5000,
          outcome: "unknown_reference",
          enrollmentId: null,
        }),
      ]),
    );
    // Acknowledged: the provider does not send it again, finance has it.
    await vi.waitFor(() => expect(sim.acknowledged).toContain(unknown.payment.id), { timeout: 15_000, interval: 100 });
  });

  it("an expired reference is renewed by the student; a valid one is not; staff renew with a validity", async () => {
    const s = await approvedWithReference("Helena Renova");
    const renewOwn = () =>
      ctx.app.request(`/api/me/payment-references/${s.enrollment.id}/renew`, jsonRequest("POST", undefined, s.cookie));
    const refused = await renewOwn();
    expect(refused.status).toBe(409);

    await ctx.db
      .update(paymentReferences)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentReferences.id, s.ref.id));
    const renewed = await renewOwn();
    expect(renewed.status).toBe(200);
    await vi.waitFor(() => expect(sim.references.has(s.ref.reference!)).toBe(false), { timeout: 15_000 });
    const fresh = await vi.waitFor(
      async () => {
        const rows = await ctx.db
          .select()
          .from(paymentReferences)
          .where(eq(paymentReferences.enrollmentId, s.enrollment.id));
        const active = rows.find((r) => r.status === "active");
        if (!active) throw new Error("no new reference yet");
        return active;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(fresh.reference).not.toBe(s.ref.reference);

    const byStaff = await ctx.app.request(
      `/api/admin/payment-references/${s.enrollment.id}/renew`,
      jsonRequest("POST", { validDays: 14 }, secretaria.cookie),
    );
    expect(byStaff.status).toBe(200);
    const answer = paymentReferenceSchemas.renew.answers[200].parse(await body(byStaff));
    expect(Math.round((Date.parse(answer.reference.endsAt) - Date.now()) / 86_400_000)).toBe(14);
    const bad = await ctx.app.request(
      `/api/admin/payment-references/${s.enrollment.id}/renew`,
      jsonRequest("POST", { validDays: 0 }, secretaria.cookie),
    );
    expect(bad.status).toBe(400);
  });

  it("paid by transfer instead (receipt approved): the live reference is deleted at the provider", async () => {
    const s = await approvedWithReference("Jorge Transfere");
    expect((await submitReceipt(ctx, s.cookie, receiptForm(s.enrollment.id))).status).toBe(201);
    const [receipt] = await ctx.db
      .select()
      .from(paymentReceipts)
      .where(eq(paymentReceipts.enrollmentId, s.enrollment.id));
    const res = await ctx.app.request(
      `/api/admin/receipts/${receipt!.id}/approve`,
      jsonRequest("POST", {}, financeiro.cookie),
    );
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(sim.references.has(s.ref.reference!)).toBe(false), { timeout: 15_000 });
    // Paid anyway at an ATM: one payment only, the second goes to finance's list.
    const late = await sim.pay(s.ref.reference!, { amount: "150000.00" });
    expect(
      (
        await body(
          await ctx.app.request("/api/admin/payment-references/unmatched", { headers: { cookie: financeiro.cookie } }),
        )
      ).rows,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ providerPaymentId: String(late.payment.id), outcome: "not_payable" }),
      ]),
    );
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
  });

  it("a cancelled (deleted) enrolment deletes its reference at the provider", async () => {
    const s = await approvedWithReference("Ivo Cancela");
    const admin = await staffActor(ctx, "admin");
    const res = await ctx.app.request(
      `/api/admin/enrollments/${s.enrollment.id}`,
      jsonRequest("DELETE", undefined, admin.cookie),
    );
    expect(res.status).toBe(204);
    await vi.waitFor(() => expect(sim.references.has(s.ref.reference!)).toBe(false), { timeout: 15_000 });
  });

  describe("finance settles 'Pagamentos por referência' (decision 077)", () => {
    const unmatched = async (query = "") => {
      const res = await ctx.app.request(`/api/admin/payment-references/unmatched${query}`, {
        headers: { cookie: financeiro.cookie },
      });
      expect(res.status).toBe(200);
      return paymentReferenceSchemas.unmatched.answers[200].parse(await body(res));
    };
    const apply = (id: string, enrollmentId: string, cookie = financeiro.cookie, difference?: unknown) =>
      ctx.app.request(
        `/api/admin/payment-references/unmatched/${id}/apply`,
        jsonRequest("POST", { enrollmentId, difference }, cookie),
      );
    const archive = (id: string, reason: unknown) =>
      ctx.app.request(
        `/api/admin/payment-references/unmatched/${id}/archive`,
        jsonRequest("POST", { reason }, financeiro.cookie),
      );
    const notificationOf = async (providerPaymentId: number | string) =>
      (
        await ctx.db
          .select()
          .from(referencePaymentNotifications)
          .where(eq(referencePaymentNotifications.providerPaymentId, String(providerPaymentId)))
      )[0]!;
    const historyOf = (id: string) =>
      ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, id));

    it("a payment of an unknown reference applied to an enrolment: one payment 'Multicaixa' of what was paid, History once", async () => {
      const s = await approvedWithReference("Marta Aplica");
      const stray = await sim.pay("977777777", { amount: "149000.00" });
      const n = await notificationOf(stray.payment.id);
      expect((await unmatched("?q=977777777")).rows.map((r) => r.id)).toEqual([n.id]);

      // 149 000 of 150 000: finance must choose what becomes of the difference (decision 083).
      const undecided = await apply(n.id, s.enrollment.id);
      expect(undecided.status).toBe(409);
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(0);
      const res = await apply(n.id, s.enrollment.id, financeiro.cookie, {
        choice: "accept",
        reason: "Comissão do banco descontada",
      });
      expect(res.status).toBe(200);
      const { notification } = paymentReferenceSchemas.applyUnmatched.answers[200].parse(await body(res));
      expect(notification).toMatchObject({
        resolution: "applied",
        appliedEnrollmentId: s.enrollment.id,
        appliedStudentName: "Marta Aplica",
        resolvedByName: "Staff financeiro",
      });
      expect((await enrollmentOf(s.enrollment.id)).status).toBe("enrolled");
      const paid = await paymentsOf(s.enrollment.id);
      expect(paid).toEqual([expect.objectContaining({ paymentMethod: "multicaixa", amount: 149000 })]);
      const notes = (await historyOf(s.enrollment.id)).map((e) => e.note ?? "");
      expect(notes.filter((t) => t.includes("aplicado à mão"))).toHaveLength(1);

      // Again (a double click that got through): 409, nothing more.
      const again = await apply(n.id, s.enrollment.id);
      expect(again.status).toBe(409);
      expect((await body(again)).error.message).toBe("Este pagamento por referência já foi aplicado ou arquivado");
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
      // It left the open list and is under 'applied by hand'.
      expect((await unmatched("?q=977777777")).rows).toEqual([]);
      expect((await unmatched("?state=applied&q=Marta%20Aplica")).rows.map((r) => r.id)).toEqual([n.id]);
    });

    it("two finance users at once on the same payment, or two payments for one enrolment: one payment", async () => {
      const other = await staffActor(ctx, "financeiro", "Outra Financeira");
      const target = await studentWithEnrollment(ctx, courseId, "Nuno Concorrente");
      const first = await sim.pay("911111111", { amount: "150000.00" });
      const second = await sim.pay("922222222", { amount: "150000.00" });
      const [a, b] = [await notificationOf(first.payment.id), await notificationOf(second.payment.id)];
      const twice = await Promise.all([
        apply(a.id, target.enrollment.id),
        apply(a.id, target.enrollment.id, other.cookie),
      ]);
      expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await paymentsOf(target.enrollment.id)).toHaveLength(1);

      // The enrolment is paid now: a second payment cannot go to it, and stays open.
      const late = await apply(b.id, target.enrollment.id);
      expect(late.status).toBe(409);
      expect((await body(late)).error.message).toBe("O pagamento desta inscrição já foi registrado");
      expect((await notificationOf(second.payment.id)).resolution).toBeNull();
      expect(await paymentsOf(target.enrollment.id)).toHaveLength(1);

      // The same payment applied by two users at once to two different enrolments: only one takes it.
      const [left, right] = [
        await studentWithEnrollment(ctx, courseId, "Quim Esquerda"),
        await studentWithEnrollment(ctx, courseId, "Rita Direita"),
      ];
      const e = await notificationOf((await sim.pay("955555555", { amount: "150000.00" })).payment.id);
      const split = await Promise.all([
        apply(e.id, left.enrollment.id),
        apply(e.id, right.enrollment.id, other.cookie),
      ]);
      expect(split.map((r) => r.status).sort()).toEqual([200, 409]);
      const taken = [...(await paymentsOf(left.enrollment.id)), ...(await paymentsOf(right.enrollment.id))];
      expect(taken).toHaveLength(1);

      const racers = [await studentWithEnrollment(ctx, courseId, "Olga Corrida")];
      const c = await notificationOf((await sim.pay("933333333", { amount: "150000.00" })).payment.id);
      const d = await notificationOf((await sim.pay("944444444", { amount: "150000.00" })).payment.id);
      const both = await Promise.all([
        apply(c.id, racers[0]!.enrollment.id),
        apply(d.id, racers[0]!.enrollment.id, other.cookie),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await paymentsOf(racers[0]!.enrollment.id)).toHaveLength(1);
    });

    it("archive needs a reason; the row leaves the open list, kept for audit with who and why", async () => {
      const s = await approvedWithReference("Paulo Devolvido");
      await sim.pay(s.ref.reference!);
      // Paid again once enrolled: kept for finance, who refunds it.
      const wrong = await sim.pay(s.ref.reference!, { amount: "10.00" });
      const n = await notificationOf(wrong.payment.id);
      const empty = await archive(n.id, "  ");
      expect(empty.status).toBe(400);
      expect(JSON.stringify(await body(empty))).toContain("Indique o motivo");
      expect((await notificationOf(wrong.payment.id)).resolution).toBeNull();

      const res = await archive(n.id, "Devolvido ao pagador");
      expect(res.status).toBe(200);
      expect((await unmatched("?q=Paulo%20Devolvido")).rows).toEqual([]);
      expect((await unmatched("?state=archived&q=Paulo%20Devolvido")).rows).toEqual([
        expect.objectContaining({
          id: n.id,
          resolution: "archived",
          resolutionNote: "Devolvido ao pagador",
          resolvedByName: "Staff financeiro",
        }),
      ]);
      const notes = (await historyOf(s.enrollment.id)).map((e) => e.note ?? "");
      expect(notes.filter((t) => t.includes("arquivado: Devolvido ao pagador"))).toHaveLength(1);
      expect((await archive(n.id, "De novo")).status).toBe(409);
      expect((await apply(n.id, s.enrollment.id)).status).toBe(409);
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
    });

    it("pages on the server like the other admin lists; a bad filter is a Portuguese 400", async () => {
      const page = await unmatched("?pageSize=1");
      expect(page.rows).toHaveLength(1);
      expect(page.total).toBeGreaterThan(1);
      expect(page).toMatchObject({ page: 1, pageSize: 1 });
      expect(page.total).toBe(page.counts.open);
      expect(page.counts.archived).toBeGreaterThanOrEqual(1);
      expect(page.counts.applied).toBeGreaterThanOrEqual(1);
      const bad = await ctx.app.request("/api/admin/payment-references/unmatched?state=tudo", {
        headers: { cookie: financeiro.cookie },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await body(bad))).toContain("Filtro inválido");
    });
  });
});
