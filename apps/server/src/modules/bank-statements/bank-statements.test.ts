import { statementLineAssignedNote, statementPaymentNote } from "@app/shared/history-notes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { queuedMails } from "../../../test/mail";
import { studentWithEnrollment as enrolledStudent, receiptForm, submitReceipt } from "../../../test/receipts";
import { statementForm, statementRequests } from "../../../test/statements";
import { bankColumnMappings, bankStatementLines, enrollmentEvents, enrollments, payments } from "../../db/schema";

/** Bank-statement import and reconciliation (issue 25, decision 070), through the API on a real PostgreSQL. */
describe("bank statements", () => {
  let ctx: TestContext;
  let courseId: string;
  let financeiro: { userId: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Gestão de Stocks", price: 150000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
  });
  afterAll(() => ctx.close());

  const student = (name: string, code: string, overrides: Record<string, unknown> = {}) =>
    enrolledStudent(ctx, courseId, name, { paymentReferenceCode: code, ...overrides });
  const csvForm = (bankName: string, csv: string, mapping?: unknown) => statementForm(bankName, csv, mapping);
  const post: ReturnType<typeof statementRequests>["post"] = (...args) =>
    statementRequests(ctx, financeiro.cookie).post(...args);
  const call: ReturnType<typeof statementRequests>["call"] = (...args) =>
    statementRequests(ctx, financeiro.cookie).call(...args);
  const paymentsOf = (enrollmentId: string) =>
    ctx.db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId));
  const statusOf = async (enrollmentId: string) =>
    (await ctx.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId)))[0]!.status;

  /** The layout of 'Banco Exemplo': separate debit and credit columns, the payer last. */
  const MAPPING = { dateColumn: 0, referenceColumn: 1, debitColumn: 2, creditColumn: 3, payerColumn: 4 };
  const statement = (...lines: string[]) =>
    [
      "Banco Exemplo Angola",
      "Conta: 0040 0000 1234 5678",
      "Período: 01/11/2026 a 30/11/2026",
      "",
      "Data;Descritivo;Débito;Crédito;Ordenante",
      ...lines,
    ].join("\r\n");
  const importCsv = async (csv: string, bank = "Banco Exemplo") => {
    const res = await post("", csvForm(bank, csv, MAPPING));
    expect(res.status).toBe(201);
    return body(res);
  };
  const lineOf = async (statementId: string, lineNumber: number) => {
    const s = await body(await call("GET", `/${statementId}`));
    return s.lines.find((l: { lineNumber: number }) => l.lineNumber === lineNumber);
  };

  it("imports, matches, confirms once, resolves the divergent line by hand, and a re-import adds nothing", async () => {
    const ana = await student("Ana Pagadora", "KP5Q7RTX", { studentEmail: "ana@exemplo.ao" });
    const bento = await student("Bento Divergente", "HJKM9W3Y");
    const csv = statement(
      // 'S' for '5' and a space inside the code: proposed.
      "25/11/2026;TRF PROPINA KPSQ 7RTX;;150.000,00;Ana Pagadora",
      "25/11/2026;TRF REF HJKM9W3Y;;140 000,00;Bento Divergente",
      "26/11/2026;Pagamento curso;;150.000,00;Carla Sem Codigo",
      "26/11/2026;Comissão bancária;1.500,00;;",
      "27/11/2026;TRF XPTO;;1.5;Duvidoso",
    );

    // The first import of a bank: no mapping remembered yet.
    const preview = await post("/preview", csvForm("Banco Exemplo", csv));
    expect(preview.status).toBe(200);
    expect(await body(preview)).toEqual({
      delimiter: ";",
      header: ["Data", "Descritivo", "Débito", "Crédito", "Ordenante"],
      preamble: ["Banco Exemplo Angola", "Conta: 0040 0000 1234 5678", "Período: 01/11/2026 a 30/11/2026"],
      rows: [
        ["25/11/2026", "TRF PROPINA KPSQ 7RTX", "", "150.000,00", "Ana Pagadora"],
        ["25/11/2026", "TRF REF HJKM9W3Y", "", "140 000,00", "Bento Divergente"],
        ["26/11/2026", "Pagamento curso", "", "150.000,00", "Carla Sem Codigo"],
        ["26/11/2026", "Comissão bancária", "1.500,00", "", ""],
        ["27/11/2026", "TRF XPTO", "", "1.5", "Duvidoso"],
      ],
      mapping: null,
      remembered: null,
      read: null,
    });

    const imported = await importCsv(csv);
    expect(imported.counts).toEqual({
      matched: 1,
      divergent: 1,
      alreadyPaid: 0,
      unmatched: 1,
      alreadyImported: 0,
      debits: 1,
    });
    expect(imported.unreadable).toEqual([
      { line: 10, reason: "Valor ilegível: «1.5» (ambíguo (use 150.000,00 ou 150 000,00))" },
    ]);
    const id = imported.statementId;
    const got = await body(await call("GET", `/${id}`));
    expect(got).toMatchObject({ bankName: "Banco Exemplo", periodStart: "2026-11-25", periodEnd: "2026-11-26" });
    expect(got.lines.map((l: Record<string, unknown>) => [l.lineNumber, l.outcome, l.proposed, l.amount])).toEqual([
      [6, "matched", true, 150000],
      [7, "divergent", false, 140000],
      [8, "unmatched", false, 150000],
    ]);
    const [lineA, lineB, lineC] = got.lines;
    expect(lineA.enrollment).toMatchObject({
      id: ana.enrollment.id,
      paymentReferenceCode: "KP5Q7RTX",
      amountDue: 150000,
    });
    expect(lineB.enrollment).toMatchObject({ id: bento.enrollment.id, amountDue: 150000 });
    expect(lineC.enrollment).toBeNull();

    // The mapping is remembered for the bank's next statement.
    expect(
      await ctx.db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankName, "Banco Exemplo")),
    ).toHaveLength(1);
    const again = await body(await post("/preview", csvForm("Banco Exemplo", csv)));
    expect(again.mapping).toEqual({ ...MAPPING, amountColumn: null });
    expect(again.remembered).toEqual({ id: expect.any(String), updatedAt: expect.any(String) });
    // Read with it as the import read it (issue 34).
    expect(again.read).toMatchObject({
      credits: { count: 3, total: 440000 },
      debits: { count: 1, total: -1500 },
      unreadable: 1,
      warnings: [],
    });

    // Re-importing the same file adds nothing.
    const reimport = await importCsv(csv);
    expect(reimport.counts).toEqual({
      matched: 0,
      divergent: 0,
      alreadyPaid: 0,
      unmatched: 0,
      alreadyImported: 3,
      debits: 1,
    });
    expect((await body(await call("GET", `/${reimport.statementId}`))).lines).toEqual([]);

    // Confirm the matching line; the divergent one is refused until assigned by hand.
    const mailsBefore = await queuedMails(ctx);
    const confirmed = await body(await call("POST", `/${id}/confirm`, { lineIds: [lineA.id, lineB.id] }));
    expect(confirmed).toEqual({
      confirmed: [lineA.id],
      refused: [
        { lineId: lineB.id, message: "Só se confirmam linhas «Corresponde» ou atribuídas à mão a uma inscrição" },
      ],
      awaitingBalance: [],
    });
    expect(await paymentsOf(ana.enrollment.id)).toEqual([
      expect.objectContaining({
        amount: 150000,
        paymentDate: "2026-11-25",
        paymentMethod: "transferencia",
        status: "completed",
        notes: "Pagamento validado. Ref: KP5Q7RTX",
        receiptId: null,
      }),
    ]);
    expect(await statusOf(ana.enrollment.id)).toBe("enrolled");
    expect(await queuedMails(ctx)).toBe(mailsBefore + 1);
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, ana.enrollment.id));
    expect(events).toEqual([
      expect.objectContaining({
        actorUserId: financeiro.userId,
        fromStatus: "approved",
        toStatus: "enrolled",
        note: statementPaymentNote(150000, 6, "extrato-novembro.csv", "Banco Exemplo"),
      }),
    ]);
    expect(await lineOf(id, 6)).toMatchObject({ outcome: "confirmed", paymentId: expect.any(String) });

    // 140 000 of 150 000: finance chooses what becomes of the difference (decision 083).
    const assign = await call("POST", `/${id}/lines/${lineB.id}/assign`, {
      enrollmentId: bento.enrollment.id,
      difference: { choice: "accept", reason: "Desconto de antigo aluno" },
    });
    expect(assign.status).toBe(200);
    expect(await body(assign)).toMatchObject({ outcome: "divergent", assignedByHand: true });
    // The enrolment's History names who attributed which line, before any payment.
    const assigned = await ctx.db
      .select({
        actorUserId: enrollmentEvents.actorUserId,
        toStatus: enrollmentEvents.toStatus,
        note: enrollmentEvents.note,
      })
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, bento.enrollment.id));
    expect(assigned).toContainEqual({
      actorUserId: financeiro.userId,
      toStatus: "approved",
      note: statementLineAssignedNote(140000, lineB.lineNumber, "extrato-novembro.csv", "Banco Exemplo"),
    });
    expect(await body(await call("POST", `/${id}/confirm`, { lineIds: [lineB.id] }))).toEqual({
      confirmed: [lineB.id],
      refused: [],
      awaitingBalance: [],
    });
    expect(await paymentsOf(bento.enrollment.id)).toEqual([expect.objectContaining({ amount: 140000 })]);
    expect(await statusOf(bento.enrollment.id)).toBe("enrolled");

    // Decided lines stay decided; the unmatched one is ignored with a reason.
    const twice = await body(await call("POST", `/${id}/confirm`, { lineIds: [lineA.id] }));
    expect(twice).toEqual({
      confirmed: [],
      refused: [{ lineId: lineA.id, message: "Esta linha do extrato já foi confirmada ou ignorada" }],
      awaitingBalance: [],
    });
    const blank = await call("POST", `/${id}/lines/${lineC.id}/ignore`, { reason: "  " });
    expect(blank.status).toBe(400);
    expect((await body(blank)).error.message).toBe("Indique o motivo");
    const ignored = await call("POST", `/${id}/lines/${lineC.id}/ignore`, { reason: "Transferência de outro serviço" });
    expect(await body(ignored)).toMatchObject({ outcome: "ignored", ignoreReason: "Transferência de outro serviço" });
    expect((await call("POST", `/${id}/lines/${lineC.id}/assign`, { enrollmentId: ana.enrollment.id })).status).toBe(
      409,
    );

    // A third import of the same file after the decisions: still nothing new, both enrolled once.
    expect((await importCsv(csv)).counts.alreadyImported).toBe(3);
    expect(await paymentsOf(ana.enrollment.id)).toHaveLength(1);
    expect(await paymentsOf(bento.enrollment.id)).toHaveLength(1);
  });

  it("refuses a missing bank name, file or mapping, a file with no table, and a non-finance role", async () => {
    const csv = statement("20/11/2026;TRF;;1.000,00;X");
    const cases: [FormData, string][] = [
      [csvForm("", csv, MAPPING), "Indique o nome do banco"],
      [
        csvForm("Banco", csv, { dateColumn: 0, referenceColumn: 1 }),
        "Indique as colunas da data, do valor (ou crédito/débito) e do descritivo",
      ],
      [
        csvForm("Banco", csv, { ...MAPPING, payerColumn: 9 }),
        "Indique as colunas da data, do valor (ou crédito/débito) e do descritivo",
      ],
      [
        csvForm("Banco", "só uma linha sem colunas", MAPPING),
        "O arquivo não tem uma tabela (linhas com colunas separadas por ; , tabulação ou |). Envie o extrato em CSV, XLSX, MT940 ou CAMT.053",
      ],
    ];
    for (const [fd, message] of cases) {
      const res = await post("", fd);
      expect(res.status, message).toBe(400);
      expect((await body(res)).error.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    const noFile = new FormData();
    noFile.append("bankName", "Banco");
    expect((await post("", noFile)).status).toBe(400);
    expect(await ctx.db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankName, "Banco"))).toEqual([]);

    const secretaria = await staffActor(ctx, "secretaria");
    expect((await post("", csvForm("Banco", csv, MAPPING), secretaria.cookie)).status).toBe(403);
  });

  it("stores each line once when the same file is imported twice at once", async () => {
    await student("Importação Dupla", "RT5YU7PA");
    const csv = statement(
      "22/11/2026;TRF RT5YU7PA;;150.000,00;Dupla",
      "22/11/2026;Sem referência;;9.000,00;Dupla",
      "22/11/2026;Sem referência;;9.000,00;Dupla",
    );
    const [a, b] = await Promise.all([importCsv(csv), importCsv(csv)]);
    const stored = (c: { matched: number; divergent: number; alreadyPaid: number; unmatched: number }) =>
      c.matched + c.divergent + c.alreadyPaid + c.unmatched;
    // Two identical transfers in one file are two lines (decision 069's occurrences), stored once each.
    expect(stored(a.counts) + stored(b.counts)).toBe(3);
    expect(a.counts.alreadyImported + b.counts.alreadyImported).toBe(3);
  });

  it("records one payment when two people confirm the same line at once", async () => {
    const s = await student("Corrida Extrato", "QW5RT7YP");
    const { statementId } = await importCsv(statement("20/11/2026;REF QW5RT7YP;;150.000,00;Corrida"));
    const [line] = (await body(await call("GET", `/${statementId}`))).lines;
    const other = await staffActor(ctx, "super_admin");
    const results = await Promise.all([
      call("POST", `/${statementId}/confirm`, { lineIds: [line.id] }),
      call("POST", `/${statementId}/confirm`, { lineIds: [line.id] }, other.cookie),
    ]);
    const answers = await Promise.all(results.map(body));
    expect(answers.map((a) => a.confirmed.length).sort()).toEqual([0, 1]);
    expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
    expect(await statusOf(s.enrollment.id)).toBe("enrolled");
  });

  it("records one payment when a line is confirmed while a receipt for the same enrolment is approved", async () => {
    for (const [name, code] of [
      ["Recibo Extrato Um", "ZX5CV7BN"],
      ["Recibo Extrato Dois", "MN5BV7CX"],
    ] as const) {
      const s = await student(name, code);
      const receipt = await body(await submitReceipt(ctx, s.cookie, receiptForm(s.enrollment.id)));
      const { statementId } = await importCsv(statement(`21/11/2026;TRF ${code};;150.000,00;${name}`));
      const [line] = (await body(await call("GET", `/${statementId}`))).lines;
      expect(line.outcome).toBe("matched");
      const [confirm, approve] = await Promise.all([
        call("POST", `/${statementId}/confirm`, { lineIds: [line.id] }),
        ctx.app.request(`/api/admin/receipts/${receipt.id}/approve`, jsonRequest("POST", {}, financeiro.cookie)),
      ]);
      const confirmed = (await body(confirm)).confirmed.length;
      expect(confirmed + (approve.status === 200 ? 1 : 0)).toBe(1);
      if (approve.status !== 200) {
        // The confirmation approved the pending receipt itself (decision 074).
        expect(approve.status).toBe(409);
        expect((await body(approve)).error.message).toBe("Este comprovante já foi analisado");
      } else expect((await lineOf(statementId, 6)).outcome).toBe("already_paid");
      const [paid] = await paymentsOf(s.enrollment.id);
      expect(paid!.receiptId).toBe(receipt.id);
      // Whichever won, the line and the receipt are linked (decision 074).
      const [stored] = await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id));
      expect(stored!.receiptId).toBe(receipt.id);
      expect(await paymentsOf(s.enrollment.id)).toHaveLength(1);
      expect(await statusOf(s.enrollment.id)).toBe("enrolled");
    }
  });

  it("lists the imports newest first, a page at a time, and pages a statement's lines by outcome", async () => {
    const matched = await student("Paginada Certa", "PG5HJK7W");
    const divergent = await student("Paginada Divergente", "PG2DMN8R");
    const csv = statement(
      "23/11/2026;TRF PG5HJK7W;;150.000,00;Certa",
      "23/11/2026;Sem código um;;5.000,00;Um",
      "23/11/2026;TRF PG2DMN8R;;100.000,00;Divergente",
      "24/11/2026;Sem código dois;;6.000,00;Dois",
    );
    const older = await importCsv(csv, "Banco Paginado");
    const newer = await importCsv(csv, "Banco Paginado");

    const list = await call("GET", "?pageSize=1");
    expect(list.status).toBe(200);
    const first = await body(list);
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: expect.any(Number) });
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.banks).toEqual(expect.arrayContaining(["Banco Exemplo", "Banco Paginado"]));
    expect(first.rows).toEqual([
      {
        id: newer.statementId,
        bankName: "Banco Paginado",
        fileName: "extrato-novembro.csv",
        importedAt: expect.any(String),
        importedBy: "Filipa Finanças",
        periodStart: "2026-11-23",
        periodEnd: "2026-11-24",
        // A re-import stores no line.
        counts: { matched: 0, divergent: 0, already_paid: 0, unmatched: 0, ignored: 0, confirmed: 0 },
      },
    ]);
    const second = await body(await call("GET", "?pageSize=1&page=2"));
    expect(second.rows[0]).toMatchObject({
      id: older.statementId,
      periodStart: "2026-11-23",
      periodEnd: "2026-11-24",
      counts: { matched: 1, divergent: 1, already_paid: 0, unmatched: 2, ignored: 0, confirmed: 0 },
    });

    const id = older.statementId;
    const page1 = await body(await call("GET", `/${id}?pageSize=2`));
    expect(page1).toMatchObject({ total: 4, page: 1, pageSize: 2, counts: { matched: 1, divergent: 1, unmatched: 2 } });
    expect(page1.lines.map((l: { lineNumber: number }) => l.lineNumber)).toEqual([6, 7]);
    const page2 = await body(await call("GET", `/${id}?pageSize=2&page=2`));
    expect(page2.lines.map((l: { lineNumber: number }) => l.lineNumber)).toEqual([8, 9]);
    const unmatched = await body(await call("GET", `/${id}?outcome=unmatched`));
    expect(unmatched).toMatchObject({ total: 2, counts: { unmatched: 2 } });
    expect(unmatched.lines.map((l: { lineNumber: number; outcome: string }) => [l.lineNumber, l.outcome])).toEqual([
      [7, "unmatched"],
      [9, "unmatched"],
    ]);
    // Only the 'Corresponde' line may be confirmed; the divergent one once it is assigned by hand.
    const lineOfCode = (n: number) =>
      page1.lines.concat(page2.lines).find((l: { lineNumber: number }) => l.lineNumber === n);
    expect(page1.confirmableIds).toEqual([lineOfCode(6).id]);
    expect(lineOfCode(6).enrollment.id).toBe(matched.enrollment.id);
    await call("POST", `/${id}/lines/${lineOfCode(8).id}/assign`, {
      enrollmentId: divergent.enrollment.id,
      difference: { choice: "await_balance" },
    });
    expect((await body(await call("GET", `/${id}?outcome=matched`))).confirmableIds).toEqual([
      lineOfCode(6).id,
      lineOfCode(8).id,
    ]);

    // A search in the reference and payer, accents and case ignored; the list searches bank and file.
    const searched = await body(await call("GET", `/${id}?q=${encodeURIComponent("CODIGO DOIS")}`));
    expect(searched).toMatchObject({ total: 1, lines: [{ lineNumber: 9 }] });
    expect((await body(await call("GET", "?q=paginado"))).total).toBe(2);

    const bad = await call("GET", `/${id}?outcome=talvez`);
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.issues.map((i: { message: string }) => i.message)).toContain("Resultado inválido");
    expect((await call("GET", "?page=0")).status).toBe(400);
  });
});
