import { paymentSchemas } from "@app/shared/contract/payments.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { differenceAcceptedNote } from "@app/shared/history-notes";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { insertClass, insertCourse } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import { approvedWithReference, startReferencesContext } from "../../../test/references";
import { classes, enrollmentEvents, enrollments, paymentReceipts, paymentReferences, payments } from "../../db/schema";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../../mail/mail-queue";
import type { Simulator } from "../payment-references/provider/simulator";

/**
 * A payment that differs from what the enrolment owes (issue 34, decision 083), from each way money is
 * recorded: a receipt approved, a statement line confirmed, a reference payment applied by finance, and a
 * Multicaixa reference paid by itself. Short: finance chooses (wait for the balance, or accept it with a
 * reason), and an automatic one waits; partial payments add up; above: enrolled, the excess kept.
 */
describe("payments short of or above what is owed", () => {
  let sim: Simulator;
  let ctx: TestContext;
  let close: () => Promise<void>;
  let courseId: string;
  let financeiro: { cookie: string; userId: string };
  let secretaria: { cookie: string };

  beforeAll(async () => {
    ({ sim, ctx, close } = await startReferencesContext());
    courseId = await insertCourse(ctx.db, { name: "Gestão de Projetos", price: 150000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
    secretaria = await staffActor(ctx, "secretaria");
  });
  afterAll(() => close());

  const post = (path: string, payload: unknown, cookie = financeiro.cookie) =>
    ctx.app.request(`/api/admin${path}`, jsonRequest("POST", payload, cookie));
  const get = async (path: string, cookie = financeiro.cookie) => {
    const res = await ctx.app.request(`/api${path}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return body(res);
  };
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!.status;
  const paymentsOf = (id: string) =>
    ctx.db.select().from(payments).where(eq(payments.enrollmentId, id)).orderBy(payments.createdAt);
  const notesOf = async (id: string) =>
    (await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, id))).map((e) => e.note);
  const mailsTo = async (to: string) => {
    const { rows } = await ctx.db.execute<{ subject: string; text: string }>(sql`
      select data->>'subject' as subject, data->>'text' as text from ${sql.raw(`${MAIL_QUEUE_SCHEMA}.job`)}
      where name = ${MAIL_QUEUE} and data->>'to' = ${to} order by created_on`);
    return rows;
  };
  const cards = async () => paymentSchemas.list.answers[200].parse(await get("/admin/payments?pageSize=1")).counts;
  const financeRow = async (name: string) =>
    paymentSchemas.list.answers[200].parse(await get(`/admin/payments?q=${encodeURIComponent(name)}`)).rows;
  const exported = async (name: string) => {
    const res = await ctx.app.request(`/api/admin/payments/export?format=csv&q=${encodeURIComponent(name)}`, {
      headers: { cookie: financeiro.cookie },
    });
    return (await res.text()).split("\r\n").filter((l) => l.includes(name));
  };
  const own = async (cookie: string) => (await get("/me/enrollments", cookie)) as Record<string, unknown>[];
  const sendReceipt = async (s: { cookie: string; enrollment: { id: string } }, paidAmount: string) => {
    const res = await submitReceipt(ctx, s.cookie, receiptForm(s.enrollment.id, { paidAmount }));
    expect(res.status).toBe(201);
    return (await body(res)).id as string;
  };
  const approve = (receiptId: string, payload: unknown = {}) => post(`/receipts/${receiptId}/approve`, payload);
  /** What the enrolment's e-mail address is (the receipts' students have none by default). */
  const withEmail = (name: string) => ({ studentEmail: `${name.toLowerCase().replace(/\s+/g, ".")}@exemplo.ao` });

  describe("a receipt approved (Comprovantes)", () => {
    it("short: refused until finance chooses; waiting, the student is told and it counts in 'Valor pendente'; a second payment covering the balance enrols", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Rosa Parcial", withEmail("Rosa Parcial"));
      const before = await cards();
      const receipt = await sendReceipt(s, "145.000,00");

      const undecided = await approve(receipt);
      expect(undecided.status).toBe(409);
      expect((await body(undecided)).error).toMatchObject({
        code: "payment_difference_undecided",
        message: expect.stringMatching(
          /O pagamento \(145.000,00\sKz\) é inferior ao que falta pagar \(150.000,00\sKz\)/,
        ),
      });
      const blank = await approve(receipt, { difference: { choice: "accept", reason: "  " } });
      expect(blank.status).toBe(400);
      expect(JSON.stringify(await body(blank))).toContain("Indique o motivo para aceitar a diferença");
      expect(await paymentsOf(s.enrollment.id)).toEqual([]);
      expect(await statusOf(s.enrollment.id)).toBe("payment_pending");

      const waiting = await approve(receipt, { difference: { choice: "await_balance" } });
      expect(waiting.status).toBe(200);
      expect(await statusOf(s.enrollment.id)).toBe("partial_payment");
      expect(await paymentsOf(s.enrollment.id)).toEqual([
        expect.objectContaining({ amount: 145000, balanceAfter: 5000, differenceReason: null, status: "completed" }),
      ]);
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /^Comprovante aprovado: 145.000,00\sKz \(Transferência Bancária\)\. Faltam 5.000,00\sKz de 150.000,00\sKz: a inscrição aguarda o saldo$/,
      );
      // Counted in 'Valor pendente', and listed as 'Faltavam' in Financeiro and its export.
      const after = await cards();
      expect(after.balanceValue - before.balanceValue).toBe(5000);
      expect(after.pendingValue - before.pendingValue).toBe(5000);
      expect(await financeRow("Rosa Parcial")).toEqual([
        expect.objectContaining({ amount: 145000, balanceAfter: 5000 }),
      ]);
      expect(await exported("Rosa Parcial")).toEqual([expect.stringMatching(/;Faltavam 5.000,00\sKz;$/)]);
      // The student sees what arrived and what is missing, and is e-mailed how to pay it.
      expect((await own(s.cookie))[0]).toMatchObject({
        status: "partial_payment",
        coursePrice: 150000,
        amountPaid: 145000,
        balance: 5000,
        payments: [expect.objectContaining({ amount: 145000, paymentMethodLabel: "Transferência Bancária" })],
      });
      // (The new reference's own e-mail may come first or after: the queue sends it.)
      const mail = (await mailsTo(s.enrollment.studentEmail!)).find((m) => m.subject.startsWith("Pagamento recebido"))!;
      expect(mail.subject).toMatch(/^Pagamento recebido: faltam 5.000,00\sKz para «Gestão de Projetos»$/);
      expect(mail.text).toContain(`com o código de referência ${s.enrollment.paymentReferenceCode} na descrição`);
      // References are on: a Multicaixa reference for the balance is on its way.
      const [forBalance] = await ctx.db
        .select()
        .from(paymentReferences)
        .where(eq(paymentReferences.enrollmentId, s.enrollment.id));
      expect(forBalance).toMatchObject({ amount: 5000 });

      // The balance by transfer: the receipt expects 5 000, and its approval enrols without a choice.
      const second = await sendReceipt(s, "5.000,00");
      const [row] = await ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.id, second));
      expect(row).toMatchObject({ coursePrice: 5000, paidAmount: 5000 });
      expect((await approve(second)).status).toBe(200);
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
      expect((await paymentsOf(s.enrollment.id)).map((p) => [p.amount, p.balanceAfter])).toEqual([
        [145000, 5000],
        [5000, 0],
      ]);
      expect((await cards()).balanceValue).toBe(before.balanceValue);
    });

    it("short, accepted with a reason: enrolled, the difference kept in History, Financeiro and its export", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Tomás Desconto");
      const receipt = await sendReceipt(s, "140.000,00");
      const res = await approve(receipt, { difference: { choice: "accept", reason: "Desconto de antigo aluno" } });
      expect(res.status).toBe(200);
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /Diferença de 10.000,00\sKz aceita como paga: Desconto de antigo aluno$/,
      );
      expect(await financeRow("Tomás Desconto")).toEqual([
        expect.objectContaining({
          amount: 140000,
          balanceAfter: 10000,
          differenceReason: "Desconto de antigo aluno",
          differenceAcceptedByName: "Filipa Finanças",
          differenceAcceptedAt: expect.any(String),
        }),
      ]);
      expect(await exported("Tomás Desconto")).toEqual([
        expect.stringMatching(/;Diferença aceita: 10.000,00\sKz;Desconto de antigo aluno$/),
      ]);
    });

    it("a rejected receipt for the balance leaves the enrolment awaiting the balance", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Olívia Rejeitada");
      await approve(await sendReceipt(s, "100.000,00"), { difference: { choice: "await_balance" } });
      const second = await sendReceipt(s, "50.000,00");
      expect(await statusOf(s.enrollment.id)).toBe("payment_pending");
      expect((await post(`/receipts/${second}/reject`, { reason: "Ilegível" })).status).toBe(200);
      expect(await statusOf(s.enrollment.id)).toBe("partial_payment");
    });
  });

  describe("a statement line confirmed (Extratos bancários)", () => {
    const MAPPING = { dateColumn: 0, referenceColumn: 1, amountColumn: 2, payerColumn: 3 };
    const importLines = async (file: string, ...lines: string[]) => {
      const fd = new FormData();
      fd.append("bankName", "Banco Saldos");
      fd.append("file", new File([["Data;Descritivo;Valor;Ordenante", ...lines].join("\r\n")], file));
      fd.append("mapping", JSON.stringify(MAPPING));
      const res = await ctx.app.request("/api/admin/bank-statements", {
        method: "POST",
        body: fd,
        headers: { cookie: financeiro.cookie, origin: TEST_BASE_URL },
      });
      expect(res.status).toBe(201);
      const { statementId } = await body(res);
      return { statementId, lines: (await get(`/admin/bank-statements/${statementId}`)).lines };
    };

    it("short: assigned with finance's choice, confirmed → awaits the balance; the balance's line matches and enrols", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Lucas Extrato", { paymentReferenceCode: "LX7K2M9Q" });
      const first = await importLines("saldo-1.csv", "20/11/2026;TRF LX7K2M9Q;145.000,00;Lucas Extrato");
      const [line] = first.lines;
      expect(line).toMatchObject({ outcome: "divergent", enrollment: { amountDue: 150000 } });
      const assign = (payload: Record<string, unknown>) =>
        post(`/bank-statements/${first.statementId}/lines/${line.id}/assign`, {
          enrollmentId: s.enrollment.id,
          ...payload,
        });
      const undecided = await assign({});
      expect(undecided.status).toBe(409);
      expect((await body(undecided)).error.code).toBe("payment_difference_undecided");
      const assigned = await assign({ difference: { choice: "await_balance" } });
      expect(await body(assigned)).toMatchObject({ assignedByHand: true, difference: "await_balance" });

      const confirmed = await body(await post(`/bank-statements/${first.statementId}/confirm`, { lineIds: [line.id] }));
      expect(confirmed).toEqual({
        confirmed: [line.id],
        refused: [],
        awaitingBalance: [{ lineId: line.id, balance: 5000 }],
      });
      expect(await statusOf(s.enrollment.id)).toBe("partial_payment");
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /^Pagamento confirmado pelo extrato: 145.000,00\sKz .*\. Faltam 5.000,00\sKz de 150.000,00\sKz: a inscrição aguarda o saldo$/,
      );

      // The balance arrives on the next statement: it matches what is still owed and enrols.
      const second = await importLines("saldo-2.csv", "27/11/2026;TRF LX7K2M9Q;5.000,00;Lucas Extrato");
      expect(second.lines[0]).toMatchObject({ outcome: "matched", enrollment: { amountDue: 5000 } });
      const done = await body(
        await post(`/bank-statements/${second.statementId}/confirm`, { lineIds: [second.lines[0].id] }),
      );
      expect(done).toMatchObject({ confirmed: [second.lines[0].id], awaitingBalance: [] });
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
      expect((await paymentsOf(s.enrollment.id)).map((p) => p.amount)).toEqual([145000, 5000]);
    });
  });

  describe("a reference payment applied by finance ('Pagamentos por referência')", () => {
    it("145 000 on 150 000: refused without a choice; waiting counts in 'Valor pendente'; accepted later once, by one of two clicks", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Vera Aplicada", withEmail("Vera Aplicada"));
      const stray = await sim.pay("966666666", { amount: "145000.00" });
      const list = await get("/admin/payment-references/unmatched?q=966666666");
      const [n] = list.rows;
      const apply = (difference?: unknown) =>
        post(`/payment-references/unmatched/${n.id}/apply`, { enrollmentId: s.enrollment.id, difference });
      expect(n.providerPaymentId).toBe(String(stray.payment.id));

      const undecided = await apply();
      expect(undecided.status).toBe(409);
      expect((await body(undecided)).error.code).toBe("payment_difference_undecided");
      expect(await statusOf(s.enrollment.id)).toBe("approved");
      expect((await get("/admin/payment-references/unmatched?q=966666666")).rows).toHaveLength(1);

      const before = await cards();
      expect((await apply({ choice: "await_balance" })).status).toBe(200);
      expect(await statusOf(s.enrollment.id)).toBe("partial_payment");
      expect((await cards()).pendingValue - before.pendingValue).toBe(5000);
      expect(await financeRow("Vera Aplicada")).toEqual([
        expect.objectContaining({ amount: 145000, paymentMethod: "multicaixa", balanceAfter: 5000 }),
      ]);
      // 'Saldos em falta' lists it with what is due, paid and owed.
      const balances = paymentSchemas.balances.answers[200].parse(
        await get(`/admin/payments/balances?q=${encodeURIComponent("Vera Aplicada")}`),
      );
      expect(balances.rows).toEqual([
        expect.objectContaining({ enrollmentId: s.enrollment.id, due: 150000, paid: 145000, balance: 5000 }),
      ]);

      // Finance accepts the difference later; two clicks at once give one effect.
      const accept = () => post(`/payments/balances/${s.enrollment.id}/accept`, { reason: "Comissão bancária" });
      const answers = await Promise.all([accept(), accept()]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      expect((await body(refused)).error.message).toBe("Esta inscrição não tem saldo em falta para aceitar");
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
      expect(await financeRow("Vera Aplicada")).toEqual([
        expect.objectContaining({ balanceAfter: 5000, differenceReason: "Comissão bancária" }),
      ]);
      expect((await notesOf(s.enrollment.id)).filter((t) => t?.startsWith("Diferença de"))).toEqual([
        differenceAcceptedNote(5000, "Comissão bancária"),
      ]);
      expect((await mailsTo(s.enrollment.studentEmail!)).map((m) => m.subject)).toContainEqual(
        expect.stringMatching(/^Pagamento confirmado/),
      );
      expect((await cards()).pendingValue).toBe(before.pendingValue);
      expect((await post(`/payments/balances/${s.enrollment.id}/accept`, { reason: " " })).status).toBe(400);
    });
  });

  describe("the desk's 'Confirmar pagamento' (Inscrições, decision 088)", () => {
    /** The secretariat takes the payment at the desk. */
    const desk = (id: string, payload: Record<string, unknown>) =>
      post(
        `/enrollments/${id}/confirm-payment`,
        { paymentDate: todayInLuanda(), method: "dinheiro", notes: "Pago ao balcão", ...payload },
        secretaria.cookie,
      );
    const seats = async (classId: string) =>
      (await ctx.db.select().from(classes).where(eq(classes.id, classId)))[0]!.currentStudents;
    const owed = async (id: string, cookie = secretaria.cookie) =>
      paymentSchemas.balance.answers[200].parse(await get(`/admin/payments/balances/${id}`, cookie)).balance;

    it("short: refused without a choice; waiting records the payment as the desk does, takes no seat, tells the student; the balance at the desk enrols", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Inês Balcão", withEmail("Inês Balcão"));
      const classId = await insertClass(ctx.db, courseId, { name: "Turma do Balcão" });
      // The desk reads what is owed (secretaria confirms payments, so it may).
      expect(await owed(s.enrollment.id)).toBe(150000);

      const undecided = await desk(s.enrollment.id, { amount: "100.000", classId, expectedBalance: 150000 });
      expect(undecided.status).toBe(409);
      expect((await body(undecided)).error).toMatchObject({
        code: "payment_difference_undecided",
        message: expect.stringMatching(
          /O pagamento \(100.000,00\sKz\) é inferior ao que falta pagar \(150.000,00\sKz\)/,
        ),
      });
      const noReason = await desk(s.enrollment.id, {
        amount: "100.000",
        classId,
        expectedBalance: 150000,
        difference: { choice: "accept" },
      });
      expect(noReason.status).toBe(400);
      expect(JSON.stringify(await body(noReason))).toContain("Indique o motivo para aceitar a diferença");
      expect(await paymentsOf(s.enrollment.id)).toEqual([]);
      expect(await statusOf(s.enrollment.id)).toBe("approved");
      expect(await seats(classId)).toBe(0);

      // Waiting: no class is needed (one sent is not used), and no seat is taken.
      const waiting = await desk(s.enrollment.id, {
        amount: "100.000",
        expectedBalance: 150000,
        difference: { choice: "await_balance" },
      });
      expect(waiting.status).toBe(200);
      expect(await body(waiting)).toMatchObject({ status: "partial_payment", classId: null });
      expect(await seats(classId)).toBe(0);
      expect(await paymentsOf(s.enrollment.id)).toEqual([
        expect.objectContaining({
          amount: 100000,
          status: "confirmed",
          paymentMethod: "dinheiro",
          notes: "Pago ao balcão",
          balanceAfter: 50000,
        }),
      ]);
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /^Pagamento confirmado: 100.000,00\sKz \(Dinheiro\)\. Faltam 50.000,00\sKz de 150.000,00\sKz: a inscrição aguarda o saldo$/,
      );
      const told = (await mailsTo(s.enrollment.studentEmail!)).find((m) => m.subject.startsWith("Pagamento recebido"))!;
      expect(told.subject).toMatch(/^Pagamento recebido: faltam 50.000,00\sKz para «Gestão de Projetos»$/);
      expect(await financeRow("Inês Balcão")).toEqual([
        expect.objectContaining({ amount: 100000, balanceAfter: 50000, status: "confirmed" }),
      ]);

      // The balance at the desk: proposed as what is still owed, paid, enrolled in the class with one seat.
      expect(await owed(s.enrollment.id)).toBe(50000);
      const paid = await desk(s.enrollment.id, { amount: "50.000", method: "tpa", classId, expectedBalance: 50000 });
      expect(paid.status).toBe(200);
      expect(await body(paid)).toMatchObject({ status: "enrolled", classId, className: "Turma do Balcão" });
      expect(await seats(classId)).toBe(1);
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /^Pagamento confirmado: 50.000,00\sKz \(TPA\)\. Turma: Turma do Balcão$/,
      );
      const done = (await mailsTo(s.enrollment.studentEmail!)).find((m) =>
        m.subject.startsWith("Pagamento confirmado"),
      )!;
      expect(done.subject).toBe("Pagamento confirmado: você está matriculado em «Gestão de Projetos»");
      expect(done.text).toContain("na turma «Turma do Balcão»");
    });

    it("short, accepted with a reason: enrolled in the class, the reason in History and Financeiro", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Jorge Bolsista");
      const classId = await insertClass(ctx.db, courseId, { name: "Turma da Bolsa" });
      const res = await desk(s.enrollment.id, {
        amount: "120.000",
        classId,
        expectedBalance: 150000,
        difference: { choice: "accept", reason: "Bolsa de mérito" },
      });
      expect(res.status).toBe(200);
      expect(await body(res)).toMatchObject({ status: "enrolled", classId });
      expect(await seats(classId)).toBe(1);
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /^Pagamento confirmado: 120.000,00\sKz \(Dinheiro\)\. Turma: Turma da Bolsa\. Diferença de 30.000,00\sKz aceita como paga: Bolsa de mérito$/,
      );
      expect(await financeRow("Jorge Bolsista")).toEqual([
        expect.objectContaining({
          amount: 120000,
          status: "confirmed",
          balanceAfter: 30000,
          differenceReason: "Bolsa de mérito",
          differenceAcceptedByName: expect.any(String),
        }),
      ]);
    });

    it("after a partial Multicaixa payment the desk is offered the balance, and paying it enrols and drops the balance's reference", async () => {
      const s = await approvedWithReference(ctx, secretaria.cookie, courseId, "Kiala Misto");
      await sim.pay(s.ref.reference!, { amount: "140000.00" });
      expect(await statusOf(s.enrollment.id)).toBe("partial_payment");
      expect(await owed(s.enrollment.id)).toBe(10000);

      const classId = await insertClass(ctx.db, courseId, { name: "Turma Mista" });
      // Entered against the full price, as if the Multicaixa payment had not been seen: refused, nothing recorded.
      const stale = await desk(s.enrollment.id, { amount: "150.000", classId, expectedBalance: 150000 });
      expect(stale.status).toBe(409);
      expect((await body(stale)).error).toMatchObject({
        code: "balance_changed",
        message: expect.stringMatching(/mudou de 150.000,00\sKz para 10.000,00\sKz/),
      });
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);

      const res = await desk(s.enrollment.id, { amount: "10.000", classId, expectedBalance: 10000 });
      expect(res.status).toBe(200);
      expect(await body(res)).toMatchObject({ status: "enrolled", classId });
      expect((await paymentsOf(s.enrollment.id)).map((p) => [p.amount, p.paymentMethod, p.status])).toEqual([
        [140000, "multicaixa", "completed"],
        [10000, "dinheiro", "confirmed"],
      ]);
      expect((await own(s.cookie))[0]).toMatchObject({ amountPaid: 150000, balance: 0 });
      const live = await ctx.db
        .select()
        .from(paymentReferences)
        .where(
          and(
            eq(paymentReferences.enrollmentId, s.enrollment.id),
            inArray(paymentReferences.status, ["creating", "active"]),
          ),
        );
      expect(live).toEqual([]);
    });

    it("two clicks at once, for a wait and for the balance: one payment each", async () => {
      const s = await studentWithEnrollment(ctx, courseId, "Luísa Dois Cliques");
      const classId = await insertClass(ctx.db, courseId, { name: "Turma dos Cliques" });
      const wait = { amount: "90.000", expectedBalance: 150000, difference: { choice: "await_balance" } };
      const first = await Promise.all([desk(s.enrollment.id, wait), desk(s.enrollment.id, wait)]);
      expect(first.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = await body(first.find((r) => r.status === 409)!);
      expect(refused.error.code).toBe("balance_changed");
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);

      const rest = { amount: "60.000", classId, expectedBalance: 60000 };
      const second = await Promise.all([desk(s.enrollment.id, rest), desk(s.enrollment.id, rest)]);
      expect(second.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await paymentsOf(s.enrollment.id)).map((p) => p.amount)).toEqual([90000, 60000]);
      expect(await seats(classId)).toBe(1);
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
    });
  });

  describe("a Multicaixa reference paid by itself (webhook)", () => {
    it("short: recorded, the enrolment waits; a new reference for the balance, which paid enrols", async () => {
      const s = await approvedWithReference(ctx, secretaria.cookie, courseId, "Carlos Curto");
      const { webhookStatus } = await sim.pay(s.ref.reference!, { amount: "145000.00" });
      expect(webhookStatus).toBe(200);
      expect(await statusOf(s.enrollment.id)).toBe("partial_payment");
      expect(await paymentsOf(s.enrollment.id)).toEqual([
        expect.objectContaining({ amount: 145000, paymentMethod: "multicaixa", balanceAfter: 5000 }),
      ]);
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(
        /^Pago por referência: 145.000,00\sKz \(Multicaixa\)\. Faltam 5.000,00\sKz/,
      );
      const mail = (await mailsTo(s.email)).find((m) => m.subject.startsWith("Pagamento recebido"))!;
      expect(mail.text).toContain("faltam 5");
      expect(mail.text).toContain("nova referência");
      // Not in finance's list: it was recorded.
      expect((await get(`/admin/payment-references/unmatched?q=${s.ref.reference}`)).rows).toEqual([]);

      const balanceRef = await vi.waitFor(
        async () => {
          const [row] = await ctx.db
            .select()
            .from(paymentReferences)
            .where(and(eq(paymentReferences.enrollmentId, s.enrollment.id), eq(paymentReferences.status, "active")));
          if (!row) throw new Error("no reference for the balance yet");
          return row;
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(balanceRef).toMatchObject({ amount: 5000 });
      expect(sim.references.get(balanceRef.reference!)).toMatchObject({ amount: "5000.00" });
      const mine = (await get("/me/payment-references", s.cookie)).references;
      expect(mine[0]).toMatchObject({ reference: balanceRef.reference, amount: 5000, status: "active" });

      await sim.pay(balanceRef.reference!, { amount: "5000.00" });
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
      expect((await own(s.cookie))[0]).toMatchObject({ amountPaid: 150000, balance: 0 });
    });

    it("above: enrolled, the excess kept for finance to refund or credit", async () => {
      const s = await approvedWithReference(ctx, secretaria.cookie, courseId, "Helena Excedente");
      await sim.pay(s.ref.reference!, { amount: "160000.00" });
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
      expect(await paymentsOf(s.enrollment.id)).toEqual([
        expect.objectContaining({ amount: 160000, balanceAfter: -10000 }),
      ]);
      expect((await notesOf(s.enrollment.id)).at(-1)).toMatch(/Excedente de 10.000,00\sKz a devolver ou creditar$/);
      expect(await exported("Helena Excedente")).toEqual([
        expect.stringMatching(/;Excedente: 10.000,00\sKz a devolver ou creditar;$/),
      ]);
      const mail = (await mailsTo(s.email)).find((m) => m.subject.startsWith("Pagamento confirmado"))!;
      expect(mail.text).toMatch(/Pagou 10.000,00\sKz a mais/);
    });
  });
});
