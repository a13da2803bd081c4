import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { studentWithEnrollment as enrolledStudent, receiptForm, submitReceipt } from "../../../test/receipts";
import { bankStatementLines, enrollmentEvents, paymentReceipts, payments } from "../../db/schema";
import { blankOldStatementTexts, RETENTION_LOCK } from "./statement-receipts";

/** Statement lines ↔ the receipts students sent, and how long payer data is kept (decision 074). */
describe("statement lines and receipts", () => {
  let ctx: TestContext;
  let courseId: string;
  let financeiro: { userId: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Geral", price: 150000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
  });
  afterAll(() => ctx.close());

  const student = (name: string, code: string) => enrolledStudent(ctx, courseId, name, { paymentReferenceCode: code });
  const MAPPING = { dateColumn: 0, referenceColumn: 1, amountColumn: 2, payerColumn: 3 };
  const importCsv = async (...lines: string[]) => {
    const fd = new FormData();
    fd.append("bankName", "Banco Recibos");
    const csv = ["Data;Descritivo;Valor;Ordenante", ...lines].join("\n");
    fd.append("file", new File([csv], "extrato.csv", { type: "text/csv" }));
    fd.append("mapping", JSON.stringify(MAPPING));
    const res = await ctx.app.request("/api/admin/bank-statements", {
      method: "POST",
      body: fd,
      headers: { cookie: financeiro.cookie, origin: TEST_BASE_URL },
    });
    expect(res.status).toBe(201);
    return body(res);
  };
  const call = (method: string, path: string, payload?: unknown) =>
    ctx.app.request(`/api/admin${path}`, jsonRequest(method, payload, financeiro.cookie));
  const linesOf = async (statementId: string) =>
    ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.statementId, statementId));
  const receiptRows = async (q: string, statement?: string) => {
    const res = await call("GET", `/receipts?q=${encodeURIComponent(q)}${statement ? `&statement=${statement}` : ""}`);
    expect(res.status).toBe(200);
    return (await body(res)).rows as { id: string; statement: string | null; statementLine: unknown }[];
  };
  const send = async (s: Awaited<ReturnType<typeof student>>, paymentDate: string, paidAmount = "150.000,00") => {
    const res = await submitReceipt(ctx, s.cookie, receiptForm(s.enrollment.id, { paymentDate, paidAmount }));
    expect(res.status).toBe(201);
    return (await body(res)) as { id: string };
  };
  const paymentsOf = (enrollmentId: string) =>
    ctx.db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId));
  const receiptStatus = async (id: string) =>
    (await ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.id, id)))[0]!.status;

  it("links a pending receipt at import, and confirming the line approves it with one payment", async () => {
    const s = await student("Rita Recibo", "KP5Q7RTA");
    const receipt = await send(s, "2026-11-18");
    const other = await student("Rui Outro Valor", "KP5Q7RTB");
    const otherReceipt = await send(other, "2026-11-18", "140.000,00");
    const { statementId } = await importCsv(
      // Booked 3 days after the slip's date: within RECEIPT_LINE_DAYS.
      "21/11/2026;TRF KP5Q7RTA;150.000,00;Rita Recibo",
      // Amount differs from the receipt: not linked.
      "21/11/2026;TRF KP5Q7RTB;150.000,00;Rui Outro Valor",
    );
    const [line, otherLine] = (await linesOf(statementId)).sort((a, b) => a.lineNumber - b.lineNumber);
    expect(line!.receiptId).toBe(receipt.id);
    expect(otherLine!.receiptId).toBeNull();
    const [row] = await receiptRows("Rita Recibo");
    expect(row).toMatchObject({
      id: receipt.id,
      statement: "linked",
      statementLine: { statementId, lineNumber: 2, date: "2026-11-21", amount: 150000, bankName: "Banco Recibos" },
    });
    // Not linked, and not flagged either: this statement (21 Nov only) does not cover 18 Nov.
    expect((await receiptRows("Rui Outro Valor"))[0]).toMatchObject({ id: otherReceipt.id, statement: null });

    const res = await call("POST", `/bank-statements/${statementId}/confirm`, { lineIds: [line!.id] });
    expect((await body(res)).confirmed).toEqual([line!.id]);
    const paid = await paymentsOf(s.enrollment.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]!).toMatchObject({ receiptId: receipt.id, amount: 150000 });
    expect(await receiptStatus(receipt.id)).toBe("approved");
    // Approving it again is refused and adds nothing.
    expect((await call("POST", `/receipts/${receipt.id}/approve`, {})).status).toBe(409);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
  });

  it("links a line arriving after its receipt was approved: 'Já pago', never a second payment", async () => {
    const s = await student("Paulo Aprovado", "MN5BV7CA");
    const receipt = await send(s, "2026-11-15");
    expect((await call("POST", `/receipts/${receipt.id}/approve`, {})).status).toBe(200);
    const { statementId, counts } = await importCsv("16/11/2026;REF MN5BV7CA;150.000,00;Paulo Aprovado");
    expect(counts.alreadyPaid).toBe(1);
    const [line] = await linesOf(statementId);
    expect(line).toMatchObject({ receiptId: receipt.id, outcome: "already_paid" });
    const res = await call("POST", `/bank-statements/${statementId}/confirm`, { lineIds: [line!.id] });
    expect((await body(res)).confirmed).toEqual([]);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
    expect((await receiptRows("Paulo Aprovado"))[0]!.statement).toBe("linked");
  });

  it("links a line imported first to the receipt sent after it, which its approval marks 'Já pago'", async () => {
    const s = await student("Vera Depois", "ZX5CV7BA");
    const { statementId } = await importCsv("12/11/2026;ZX5CV7BA;150.000,00;Vera Depois");
    const [before] = await linesOf(statementId);
    expect(before).toMatchObject({ receiptId: null, outcome: "matched" });
    const receipt = await send(s, "2026-11-11");
    expect((await linesOf(statementId))[0]!.receiptId).toBe(receipt.id);
    expect((await call("POST", `/receipts/${receipt.id}/approve`, {})).status).toBe(200);
    expect((await linesOf(statementId))[0]!.outcome).toBe("already_paid");
    const res = await call("POST", `/bank-statements/${statementId}/confirm`, { lineIds: [before!.id] });
    expect((await body(res)).confirmed).toEqual([]);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
  });

  it("flags a receipt whose statement was imported without its line, until the line arrives", async () => {
    const s = await student("Sofia Sinal", "QW5RT7YA");
    const receipt = await send(s, "2026-10-10");
    expect((await receiptRows("Sofia Sinal"))[0]!.statement).toBeNull();
    // A statement covering 8–12 October, without her transfer.
    await importCsv("08/10/2026;Outro pagamento;5.000,00;Alguém", "12/10/2026;Outro;6.000,00;Alguém");
    expect((await receiptRows("Sofia Sinal"))[0]!.statement).toBe("missing");
    expect((await receiptRows("Sofia Sinal", "missing")).map((r) => r.id)).toEqual([receipt.id]);
    expect(await receiptRows("Sofia Sinal", "linked")).toEqual([]);
    // The next statement has it (under a code finance assigns by hand): linked at assignment.
    const { statementId } = await importCsv("13/10/2026;Propina Sofia;150.000,00;Sofia Sinal");
    const [line] = await linesOf(statementId);
    expect(line!.receiptId).toBeNull();
    const assigned = await call("POST", `/bank-statements/${statementId}/lines/${line!.id}/assign`, {
      enrollmentId: s.enrollment.id,
    });
    expect(assigned.status).toBe(200);
    expect((await receiptRows("Sofia Sinal"))[0]!.statement).toBe("linked");
    expect(await receiptRows("Sofia Sinal", "missing")).toEqual([]);
    // A filter it does not know: 400 with the Portuguese message.
    const bad = await call("GET", "/receipts?statement=talvez");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await body(bad))).toContain("Filtro de extrato inválido");
  });

  it("blanks payer and free text of lines decided more than 90 days ago, and only those", async () => {
    const a = await student("Ana Antiga", "RT5YU7PA");
    const b = await student("Berta Recente", "RT5YU7PB");
    const csv = [
      "01/06/2026;TRF RT5YU7PA;150.000,00;Ana Antiga",
      "01/06/2026;Comissão devolvida;2.000,00;Banco",
      "02/06/2026;Sem código;3.000,00;Carlos Aberto",
      "02/06/2026;TRF RT5YU7PB;150.000,00;Berta Recente",
      "03/06/2026;Doação;4.000,00;Diana Ignorada Agora",
    ];
    const { statementId } = await importCsv(...csv);
    const byNumber = async () => new Map((await linesOf(statementId)).map((l) => [l.lineNumber, l] as const));
    const l = await byNumber();
    await call("POST", `/bank-statements/${statementId}/confirm`, { lineIds: [l.get(2)!.id, l.get(5)!.id] });
    for (const n of [3, 6]) {
      const res = await call("POST", `/bank-statements/${statementId}/lines/${l.get(n)!.id}/ignore`, {
        reason: "Não é propina",
      });
      expect(res.status).toBe(200);
    }
    const old = new Date("2026-07-01T00:00:00Z");
    // Decided 1 July: lines 2 (confirmed) and 3 (ignored); line 4 undecided; 5 confirmed and 6 ignored recently.
    await ctx.db
      .update(bankStatementLines)
      .set({ decidedAt: old })
      .where(inArray(bankStatementLines.id, [l.get(2)!.id, l.get(3)!.id, l.get(4)!.id]));
    const now = new Date(old.getTime() + 91 * 24 * 60 * 60 * 1000);
    const blanked = await blankOldStatementTexts(ctx.db, now);
    expect(blanked).toBe(2);
    const after = await byNumber();
    for (const n of [2, 3]) {
      const before = l.get(n)!;
      expect(after.get(n)).toMatchObject({
        payer: "",
        reference: "",
        date: before.date,
        amount: before.amount,
        checksum: before.checksum,
        enrollmentId: before.enrollmentId,
      });
      expect(after.get(n)!.outcome).toBe(n === 2 ? "confirmed" : "ignored");
    }
    expect(after.get(4)).toMatchObject({ payer: "Carlos Aberto", reference: "Sem código" });
    expect(after.get(5)).toMatchObject({ payer: "Berta Recente", reference: "TRF RT5YU7PB" });
    expect(after.get(6)).toMatchObject({ payer: "Diana Ignorada Agora", reference: "Doação" });
    // The enrolment's History keeps the line, the file and the bank.
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, a.enrollment.id));
    expect(events.some((e) => e.note?.includes("linha 2") && e.note.includes("Banco Recibos"))).toBe(true);
    // A re-import of the same file adds nothing: the checksums were kept.
    const again = await importCsv(...csv);
    expect(again.counts.alreadyImported).toBe(5);
    // Run again: nothing left to blank.
    expect(await blankOldStatementTexts(ctx.db, now)).toBe(0);
    expect(b.enrollment.id).toBeTruthy();
  });

  it("leaves the retention to the instance already running it (an advisory lock in PostgreSQL)", async () => {
    const other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock($1)", [RETENTION_LOCK]);
      expect(await blankOldStatementTexts(ctx.db)).toBeUndefined();
      await other.query("commit");
      expect(await blankOldStatementTexts(ctx.db)).toBe(0);
    } finally {
      await other.end();
    }
  });
});
