import { statementLineDeletedNote } from "@app/shared/history-notes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { insertCourse } from "../../../test/fixtures";
import { studentWithEnrollment } from "../../../test/receipts";
import { statementForm, statementRequests } from "../../../test/statements";
import { bankColumnMappings, bankStatementLines, enrollmentEvents, enrollments, payments } from "../../db/schema";

/**
 * Issue 34: a wrong column mapping shown before the import (the amounts as read, and warnings), an import
 * deleted while none of its lines is confirmed, a bank's remembered mapping forgotten or changed.
 */
describe("undoing a wrong statement import", () => {
  let ctx: TestContext;
  let courseId: string;
  let financeiro: { userId: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Contabilidade Prática", price: 150000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipa Finanças");
  });
  afterAll(() => ctx.close());

  const form = (bankName: string, csv: string, mapping?: unknown) =>
    statementForm(bankName, csv, mapping, "extrato-dezembro.csv");
  const post: ReturnType<typeof statementRequests>["post"] = (...args) =>
    statementRequests(ctx, financeiro.cookie).post(...args);
  const call: ReturnType<typeof statementRequests>["call"] = (...args) =>
    statementRequests(ctx, financeiro.cookie).call(...args);
  const preview = async (bank: string, csv: string, mapping?: unknown) => {
    const res = await post("/preview", form(bank, csv, mapping));
    expect(res.status).toBe(200);
    return body(res);
  };
  const importCsv = async (bank: string, csv: string, mapping: unknown) => {
    const res = await post("", form(bank, csv, mapping));
    expect(res.status).toBe(201);
    return body(res);
  };
  const remembered = (bank: string) =>
    ctx.db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankName, bank));

  /** The issue's file: debit, credit and the running balance ('Saldo'), a bank fee among the transfers. */
  const statement = (...lines: string[]) =>
    ["Extrato de conta", "Data;Descritivo;Débito;Crédito;Saldo;Ordenante", ...lines].join("\r\n");
  const ISSUE_FILE = statement(
    "01/12/2026;TRF PROPINA UND5RT7Y;;150.000,00;2.350.000,00;Ana Undo",
    "02/12/2026;COMISSAO MANUTENCAO CONTA;1.500,00;;2.348.500,00;",
    "03/12/2026;TRF REF UNDX9876;;140.000,00;2.488.500,00;Bento Undo",
    "04/12/2026;TRF REF UNDQ5555;;150.000,00;2.638.500,00;Carla Undo",
    "05/12/2026;IMPOSTO DE SELO;20,00;;2.638.480,00;",
  );
  /** 'Valor' mapped to the balance, as in the issue. */
  const BALANCE_AS_AMOUNT = { dateColumn: 0, amountColumn: 4, referenceColumn: 1, payerColumn: 5 };
  const CREDIT_DEBIT = { dateColumn: 0, debitColumn: 2, creditColumn: 3, referenceColumn: 1, payerColumn: 5 };

  it("shows the amounts read with the mapping before importing, and warns when they look like the balance", async () => {
    const wrong = await preview("Banco Saldo", ISSUE_FILE, BALANCE_AS_AMOUNT);
    expect(wrong.mapping).toBeNull(); // nothing remembered for this bank
    expect(wrong.read.lines.slice(0, 2)).toEqual([
      {
        line: 3,
        kind: "credit",
        date: "2026-12-01",
        reference: "TRF PROPINA UND5RT7Y",
        payer: "Ana Undo",
        amount: 2350000,
        reason: null,
      },
      {
        line: 4,
        kind: "credit",
        date: "2026-12-02",
        reference: "COMISSAO MANUTENCAO CONTA",
        payer: "",
        amount: 2348500,
        reason: null,
      },
    ]);
    expect(wrong.read).toMatchObject({
      credits: { count: 5, total: 12463980 },
      debits: { count: 0, total: 0 },
      unreadable: 0,
    });
    expect(wrong.read.warnings).toEqual([
      {
        code: "balance",
        message:
          "A coluna «Saldo» parece ser o saldo da conta: de uma linha para a seguinte muda exatamente pelo valor de outra coluna. Escolha a coluna com o valor de cada movimento.",
      },
      {
        code: "noDebits",
        message:
          "Nenhum débito foi lido, mas a coluna «Débito» tem valores: com estas colunas, as comissões e saídas do banco contam como créditos.",
      },
      {
        code: "fee",
        message:
          "A linha 4 («COMISSAO MANUTENCAO CONTA») foi lida como crédito, mas parece uma comissão ou saída do banco.",
      },
    ]);

    const right = await preview("Banco Saldo", ISSUE_FILE, CREDIT_DEBIT);
    expect(right.read).toMatchObject({
      mapping: { ...CREDIT_DEBIT, amountColumn: null },
      credits: { count: 3, total: 440000 },
      debits: { count: 2, total: -1520 },
      unreadable: 0,
      warnings: [],
    });
    expect(right.read.lines[1]).toMatchObject({ line: 4, kind: "debit", amount: -1500 });

    // A preview stores nothing; a mapping past the file's columns is refused like the import refuses it.
    expect(await remembered("Banco Saldo")).toEqual([]);
    const outside = await post("/preview", form("Banco Saldo", ISSUE_FILE, { ...CREDIT_DEBIT, payerColumn: 6 }));
    expect(outside.status).toBe(400);
    expect((await body(outside)).error.issues).toEqual([
      { path: "mapping", message: "Indique as colunas da data, do valor (ou crédito/débito) e do descritivo" },
    ]);
  });

  it("deletes an import with no confirmed line (its lines may be imported again), and refuses once one is confirmed", async () => {
    const ana = await studentWithEnrollment(ctx, courseId, "Ana Undo", { paymentReferenceCode: "UND5RT7Y" });
    const bento = await studentWithEnrollment(ctx, courseId, "Bento Undo", { paymentReferenceCode: "UNDB4K7Z" });
    const wrong = await importCsv("Banco Saldo", ISSUE_FILE, BALANCE_AS_AMOUNT);
    expect(wrong.counts).toMatchObject({ unmatched: 4, divergent: 1, debits: 0 });
    const lines = (await body(await call("GET", `/${wrong.statementId}`))).lines;
    // A line assigned by hand: the enrolment's History named it, so it is told the line went.
    const line5 = lines.find((l: { lineNumber: number }) => l.lineNumber === 5);
    expect(
      (await call("POST", `/${wrong.statementId}/lines/${line5.id}/assign`, { enrollmentId: bento.enrollment.id }))
        .status,
    ).toBe(200);

    const deleted = await call("DELETE", `/${wrong.statementId}`);
    expect(deleted.status).toBe(204);
    expect((await call("GET", `/${wrong.statementId}`)).status).toBe(404);
    expect(
      await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.statementId, wrong.statementId)),
    ).toEqual([]);
    const history = await ctx.db
      .select({ actorUserId: enrollmentEvents.actorUserId, note: enrollmentEvents.note })
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, bento.enrollment.id));
    expect(history.at(-1)).toEqual({
      actorUserId: financeiro.userId,
      note: statementLineDeletedNote(2488500, 5, "extrato-dezembro.csv", "Banco Saldo"),
    });
    expect((await call("DELETE", `/${wrong.statementId}`)).status).toBe(404);

    // The same file, read right: its lines are new again (not 'já importadas').
    const right = await importCsv("Banco Saldo", ISSUE_FILE, CREDIT_DEBIT);
    expect(right.counts).toMatchObject({ matched: 1, unmatched: 2, debits: 2, alreadyImported: 0 });
    const [anaLine] = (await body(await call("GET", `/${right.statementId}?outcome=matched`))).lines;
    const confirmed = await body(await call("POST", `/${right.statementId}/confirm`, { lineIds: [anaLine.id] }));
    expect(confirmed.confirmed).toEqual([anaLine.id]);

    const refused = await call("DELETE", `/${right.statementId}`);
    expect(refused.status).toBe(409);
    expect((await body(refused)).error).toMatchObject({
      code: "statement_has_confirmed_lines",
      message: "Este extrato não pode ser excluído: 1 linha já foi confirmada como pagamento",
    });
    expect((await body(await call("GET", `/${right.statementId}`))).total).toBe(3);
    expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, ana.enrollment.id))).toHaveLength(1);

    const secretaria = await staffActor(ctx, "secretaria");
    expect((await call("DELETE", `/${right.statementId}`, undefined, secretaria.cookie)).status).toBe(403);
    expect((await call("DELETE", "/não-é-um-id")).status).toBe(400);
  });

  it("deletes once when two finance users delete the same import at once", async () => {
    const { statementId } = await importCsv(
      "Banco Duplo",
      statement("06/12/2026;TRF DUPLO;;5.000,00;1,00;Duplo"),
      CREDIT_DEBIT,
    );
    const other = await staffActor(ctx, "financeiro", "Outra Finanças");
    const answers = await Promise.all([
      call("DELETE", `/${statementId}`),
      call("DELETE", `/${statementId}`, undefined, other.cookie),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404]);
    const notFound = answers.find((a) => a.status === 404)!;
    expect((await body(notFound)).error.message).toBe("Extrato não encontrado");
  });

  it("either confirms a line or deletes its import when both happen at once, never a payment without its line", async () => {
    for (const code of ["UNDC7M2P", "UNDD3N8Q", "UNDE5R4S"]) {
      const s = await studentWithEnrollment(ctx, courseId, `Corrida ${code}`, { paymentReferenceCode: code });
      const { statementId } = await importCsv(
        "Banco Corrida",
        statement(`07/12/2026;TRF ${code};;150.000,00;1,00;Corrida`),
        CREDIT_DEBIT,
      );
      const [line] = (await body(await call("GET", `/${statementId}`))).lines;
      const [confirm, remove] = await Promise.all([
        call("POST", `/${statementId}/confirm`, { lineIds: [line.id] }),
        call("DELETE", `/${statementId}`),
      ]);
      const paid = await ctx.db.select().from(payments).where(eq(payments.enrollmentId, s.enrollment.id));
      const [enrollment] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, s.enrollment.id));
      if (remove.status === 204) {
        // Deleted first: the statement is gone (404), or the confirmation meets its line gone.
        if (confirm.status === 200) expect((await body(confirm)).confirmed).toEqual([]);
        else expect(confirm.status).toBe(404);
        expect(paid).toEqual([]);
        expect(enrollment!.status).toBe("approved");
      } else {
        expect(remove.status).toBe(409);
        expect((await body(confirm)).confirmed).toEqual([line.id]);
        expect(paid).toHaveLength(1);
        expect(enrollment!.status).toBe("enrolled");
      }
    }
  });

  it("forgets a bank's remembered mapping, and an import with other columns changes it", async () => {
    await importCsv("Banco Esquecido", ISSUE_FILE, BALANCE_AS_AMOUNT);
    const proposed = await preview("Banco Esquecido", ISSUE_FILE);
    expect(proposed.mapping).toEqual({ ...BALANCE_AS_AMOUNT, creditColumn: null, debitColumn: null });
    expect(proposed.read.warnings.map((w: { code: string }) => w.code)).toContain("balance");
    const { id } = proposed.remembered;

    const secretaria = await staffActor(ctx, "secretaria");
    expect((await call("DELETE", `/mappings/${id}`, undefined, secretaria.cookie)).status).toBe(403);
    expect((await call("DELETE", `/mappings/${id}`)).status).toBe(204);
    expect(await preview("Banco Esquecido", ISSUE_FILE)).toMatchObject({ mapping: null, remembered: null, read: null });
    expect((await body(await call("GET", "?pageSize=1"))).banks).not.toContain("Banco Esquecido");
    const again = await call("DELETE", `/mappings/${id}`);
    expect(again.status).toBe(404);
    expect((await body(again)).error.message).toBe("As colunas deste banco não estão salvas");

    // Changed: the wrong mapping remembered, then an import with the right one replaces it.
    await importCsv("Banco Corrigido", ISSUE_FILE, BALANCE_AS_AMOUNT);
    await importCsv("Banco Corrigido", statement("08/12/2026;TRF NOVO;;9.000,00;1,00;Novo"), CREDIT_DEBIT);
    const corrected = await preview("Banco Corrigido", ISSUE_FILE);
    expect(corrected.mapping).toEqual({ ...CREDIT_DEBIT, amountColumn: null });
    expect(corrected.read.warnings).toEqual([]);
    expect(await remembered("Banco Corrigido")).toHaveLength(1);
  });
});
