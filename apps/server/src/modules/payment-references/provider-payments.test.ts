import { paymentReferenceSchemas } from "@app/shared/contract/payment-references.schemas";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import {
  approvedWithReference,
  startReferencesContext,
  TEST_PROXYPAY_ENTITY,
  TEST_PROXYPAY_KEY,
} from "../../../test/references";
import { streamedPost } from "../../../test/streamed-post";
import { enrollments, payments, referencePaymentNotifications } from "../../db/schema";
import { signBody } from "./provider/proxypay";
import type { RawPayment, Simulator } from "./provider/simulator";
import { pollPayments } from "./provider-payments.service";

/**
 * What anyone on the internet, or a faulty provider, can send to the ProxyPay webhook and the poll
 * (issue 33, decision 079), against the app served on a real socket, the simulator and PostgreSQL.
 */
const WEBHOOK = "/api/payment-references/webhook";
const MIB = 1024 * 1024;
const SIGNATURE_INVALID = "Assinatura da notificação de pagamento inválida";
const TOO_LARGE = "Pedido muito grande. Tamanho máximo: 64 KB";

describe("the ProxyPay webhook and poll against hostile or faulty input", () => {
  let sim: Simulator;
  let ctx: TestContext;
  let base: string;
  let close: () => Promise<void>;
  let courseId: string;
  let secretaria: { cookie: string };
  let financeiro: { cookie: string };

  beforeAll(async () => {
    ({ sim, ctx, base, close } = await startReferencesContext());
    courseId = await insertCourse(ctx.db, { name: "Gestão Financeira", price: 150000 });
    secretaria = await staffActor(ctx, "secretaria");
    financeiro = await staffActor(ctx, "financeiro");
  });
  afterAll(() => close());

  const enrollmentStatus = async (id: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!.status;
  const paymentsOf = (id: string) => ctx.db.select().from(payments).where(eq(payments.enrollmentId, id));
  const openList = async () => {
    const res = await ctx.app.request("/api/admin/payment-references/unmatched?pageSize=100", {
      headers: { cookie: financeiro.cookie },
    });
    expect(res.status).toBe(200);
    return paymentReferenceSchemas.unmatched.answers[200].parse(await body(res)).rows;
  };

  describe("a body is refused before it is read", () => {
    it("a 200 MiB multipart body without X-Signature: 401 while the client is still sending", async () => {
      const answer = await streamedPost(base, WEBHOOK, 200 * MIB, "content-length", {
        "content-type": "multipart/form-data; boundary=x",
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error?.message).toBe(SIGNATURE_INVALID);
      expect(answer.sent).toBeLessThan(200 * MIB);
    });

    it("a malformed X-Signature, sent chunked without a Content-Length: 401 unread", async () => {
      for (const signature of ["abc", "z".repeat(64), `${"0".repeat(64)}0`]) {
        const answer = await streamedPost(base, WEBHOOK, 200 * MIB, "chunked", {
          "content-type": "application/json",
          "x-signature": signature,
        });
        expect({ signature, status: answer.status }).toEqual({ signature, status: 401 });
        expect(answer.sent).toBeLessThan(200 * MIB);
      }
    });

    it("a well-formed signature over 200 MiB: 413 from the Content-Length, whatever the content type", async () => {
      for (const type of ["multipart/form-data; boundary=x", "text/plain", "application/json"]) {
        const answer = await streamedPost(base, WEBHOOK, 200 * MIB, "content-length", {
          "content-type": type,
          "x-signature": "a".repeat(64),
        });
        expect({ type, status: answer.status, message: answer.body.error?.message }).toEqual({
          type,
          status: 413,
          message: TOO_LARGE,
        });
        expect(answer.sent).toBeLessThan(200 * MIB);
      }
    });

    it("sent chunked, a body is counted as it arrives and refused once past 64 KB", async () => {
      const answer = await streamedPost(base, WEBHOOK, 200 * MIB, "chunked", {
        "content-type": "multipart/form-data; boundary=x",
        "x-signature": "a".repeat(64),
      });
      expect(answer.status).toBe(413);
      expect(answer.sent).toBeLessThan(200 * MIB);
    });

    it("a signed notification of exactly 64 KB is read; one byte more is 413", async () => {
      const signedPost = (text: string) =>
        fetch(`${base}${WEBHOOK}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-signature": signBody(text, TEST_PROXYPAY_KEY) },
          body: text,
        });
      const payment = JSON.stringify({
        id: "70000001",
        reference_id: "900000001",
        entity_id: TEST_PROXYPAY_ENTITY,
        amount: "1000.00",
        datetime: new Date().toISOString(),
      });
      const padded = (size: number) => `${payment.slice(0, -1)}${" ".repeat(size - payment.length)}}`;
      const atLimit = await signedPost(padded(64 * 1024));
      expect(atLimit.status).toBe(200);
      expect(await atLimit.json()).toEqual({ outcome: "unknown_reference" });
      const above = await signedPost(padded(64 * 1024 + 1).replace("70000001", "70000002"));
      expect(above.status).toBe(413);
    });
  });

  /** A payment that does not fit a column, as a faulty provider would sign and send it. */
  const good = (id: string) => ({
    id,
    reference_id: "911000111",
    entity_id: TEST_PROXYPAY_ENTITY,
    amount: "150000.00",
    datetime: "2026-11-26T10:00:00Z",
    custom_fields: {},
  });
  const BAD: { field: string; payment: RawPayment; reason: string; acknowledged: boolean }[] = [
    {
      field: "id over 40 characters",
      payment: good("4".repeat(41)),
      reason: "Identificador do pagamento: mais de 40 caracteres",
      acknowledged: true,
    },
    {
      field: "reference_id over 20 characters",
      payment: { ...good("81000001"), reference_id: "1".repeat(21) },
      reason: "Referência: mais de 20 caracteres",
      acknowledged: true,
    },
    {
      field: "entity_id over 10 characters",
      payment: { ...good("81000002"), entity_id: "1".repeat(11) },
      reason: "Entidade: mais de 10 caracteres",
      acknowledged: true,
    },
    {
      field: "an amount numeric(14,2) cannot hold",
      payment: { ...good("81000003"), amount: "9999999999999.00" },
      reason: "Valor: ilegível",
      acknowledged: true,
    },
    {
      field: "a datetime before year 0",
      payment: { ...good("81000004"), datetime: "-010000-01-01T00:00:00Z" },
      reason: "Data do pagamento: ilegível",
      acknowledged: true,
    },
    {
      field: "a NUL in the reference",
      payment: { ...good("81000005"), reference_id: "911\u0000000111" },
      reason: "Referência: caracteres de controle",
      acknowledged: true,
    },
    {
      field: "a NUL in the id",
      payment: good("81000006\u0000"),
      reason: "Identificador do pagamento: caracteres de controle",
      // An id with a NUL cannot be sent back (nor kept in the queue's JSON): it is only kept, once.
      acknowledged: false,
    },
  ];

  /** The notification as the provider signs it, POSTed to our webhook: its answer. */
  async function notify(payment: RawPayment) {
    await sim.report(payment, { deliver: false });
    const { body: text, signature } = sim.signed(payment);
    const res = await fetch(`${base}${WEBHOOK}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature },
      body: text,
    });
    return { status: res.status, body: await res.json() };
  }

  describe("validly signed payments that do not fit the columns are kept as invalid, for finance", () => {
    it.each(BAD)("$field: 200, 'invalid' in 'Pagamentos por referência' with the reason", async (bad) => {
      const answer = await notify(bad.payment);
      expect(answer).toEqual({ status: 200, body: { outcome: "invalid" } });
      const rows = (await openList()).filter((r) => r.outcome === "invalid" && r.invalidReason?.includes(bad.reason));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ resolution: null, enrollmentId: null });
      // The same notification again: still one row.
      expect(await notify(bad.payment)).toEqual({ status: 200, body: { outcome: "duplicate" } });
      if (bad.acknowledged) {
        await vi.waitFor(() => expect(sim.acknowledged).toContain(bad.payment.id), { timeout: 15_000, interval: 100 });
      }
    });

    it("what was read is kept truncated and escaped; an unreadable amount is null and cannot be applied", async () => {
      const rows = await openList();
      const longReference = rows.find((r) => r.invalidReason?.startsWith("Referência: mais de 20"));
      expect(longReference?.reference).toBe(`${"1".repeat(19)}…`);
      const nul = rows.find((r) => r.invalidReason?.startsWith("Referência: caracteres de controle"));
      expect(nul?.reference).toBe("911\\u0000000111");
      const overflow = rows.find((r) => r.invalidReason?.startsWith("Valor"));
      expect(overflow).toMatchObject({ amount: null, paidAt: "2026-11-26T10:00:00.000Z" });
      const target = await approvedWithReference(ctx, secretaria.cookie, courseId, "Ilda Ilegível");
      const apply = await ctx.app.request(
        `/api/admin/payment-references/unmatched/${overflow!.id}/apply`,
        jsonRequest("POST", { enrollmentId: target.enrollment.id }, financeiro.cookie),
      );
      expect(apply.status).toBe(409);
      expect((await body(apply)).error.message).toContain("ilegível");
      expect(await paymentsOf(target.enrollment.id)).toHaveLength(0);
    });

    it("a NUL outside the columns (a terminal's name) does not stop a good payment", async () => {
      const s = await approvedWithReference(ctx, secretaria.cookie, courseId, "Nuno Nulo");
      const answer = await notify({
        ...good("82000001"),
        reference_id: s.ref.reference,
        terminal_location: "LUANDA\u0000",
      });
      expect(answer).toEqual({ status: 200, body: { outcome: "applied" } });
      expect(await enrollmentStatus(s.enrollment.id)).toBe("enrolled");
      const [kept] = await ctx.db
        .select()
        .from(referencePaymentNotifications)
        .where(eq(referencePaymentNotifications.providerPaymentId, "82000001"));
      expect(kept?.raw).toMatchObject({ terminal_location: "LUANDA\\u0000" });
    });
  });

  describe("the poll", () => {
    it("a lost-webhook payment listed after bad ones is picked up; the bad ones are kept as invalid", async () => {
      const s = await approvedWithReference(ctx, secretaria.cookie, courseId, "Paula Depois");
      for (const [i, bad] of BAD.entries()) {
        await sim.report({ ...bad.payment, id: i === 0 ? "5".repeat(41) : `83${bad.payment.id}` }, { deliver: false });
      }
      await sim.report({ ...good("8400000\u0000"), amount: "1e400" }, { deliver: false });
      await sim.report({ id: "84000002", note: "não é um pagamento" }, { deliver: false });
      const lost = await sim.pay(s.ref.reference!, { deliver: false });
      expect(await enrollmentStatus(s.enrollment.id)).toBe("approved");

      const polled = await pollPayments({ ...ctx.deps, baseUrl: ctx.config.baseUrl, references: ctx.deps.references! });
      expect(polled).toMatchObject({ failed: 0 });
      expect(await enrollmentStatus(s.enrollment.id)).toBe("enrolled");
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
      await vi.waitFor(() => expect(sim.acknowledged).toContain(lost.payment.id), { timeout: 15_000, interval: 100 });

      const invalid = (await openList()).filter((r) => r.outcome === "invalid");
      for (const bad of BAD) {
        expect(invalid.filter((r) => r.invalidReason?.includes(bad.reason)).length).toBeGreaterThanOrEqual(2);
      }
      expect(
        invalid.some(
          (r) =>
            r.invalidReason ===
            "Referência: em falta; Valor: ilegível ou acima de 999 999 999 999,99 Kz; Data do pagamento: ilegível ou fora do intervalo (anos 2000 a 9999)",
        ),
      ).toBe(true);
      // Polling again repeats nothing.
      const again = await pollPayments({ ...ctx.deps, baseUrl: ctx.config.baseUrl, references: ctx.deps.references! });
      expect(again).toMatchObject({ failed: 0 });
      expect((await openList()).filter((r) => r.outcome === "invalid")).toHaveLength(invalid.length);
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
    });
  });
});
