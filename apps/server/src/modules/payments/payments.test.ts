import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { enrollmentRow } from "../../../test/fixtures";
import { courses, enrollments, payments } from "../../db/schema";

/** 'Financeiro' (SPEC §2 'Admin finance'): the payments list, its filters, cards and export. */
describe("payments list and export", () => {
  let ctx: TestContext;
  let financeiro: { cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Excel Avançado", durationMonths: 2, price: 90000 })
      .returning();
    const [a, b] = await ctx.db
      .insert(enrollments)
      .values([
        { ...enrollmentRow(course!.id), studentName: 'Ana; "Aspas"', status: "enrolled", paymentReferenceCode: "REFA" },
        { ...enrollmentRow(course!.id), studentName: "Bruno Bento", status: "enrolled" },
      ])
      .returning();
    await ctx.db.insert(payments).values([
      {
        enrollmentId: a!.id,
        amount: 90000,
        paymentDate: "2025-03-10",
        paymentMethod: "Transferência Bancária",
        status: "completed",
      },
      { enrollmentId: b!.id, amount: 45000.5, paymentDate: "2025-04-02", paymentMethod: "tpa", status: "confirmed" },
      { enrollmentId: b!.id, amount: 1000, paymentDate: "2025-01-05", paymentMethod: "dinheiro", status: "failed" },
    ]);
    financeiro = await staffActor(ctx, "financeiro");
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.request(url, jsonRequest("GET", undefined, financeiro.cookie));

  it("lists payments with student and course, newest date first, and the cards over confirmed ones", async () => {
    const list = await body(await get("/api/admin/payments"));
    expect(list.payments.map((p: { paymentDate: string }) => p.paymentDate)).toEqual([
      "2025-04-02",
      "2025-03-10",
      "2025-01-05",
    ]);
    expect(list.payments[0]).toMatchObject({
      studentName: "Bruno Bento",
      courseName: "Excel Avançado",
      amount: 45000.5,
      paymentMethod: "tpa",
      paymentMethodLabel: "TPA",
      status: "confirmed",
    });
    expect(list.stats).toEqual({ totalRevenue: 135000.5, confirmedCount: 2, pendingCount: 0, pendingValue: 0 });
  });

  it("filters by dates (inclusive) and method", async () => {
    const byDate = await body(await get("/api/admin/payments?from=2025-03-10&to=2025-04-01"));
    expect(byDate.payments.map((p: { amount: number }) => p.amount)).toEqual([90000]);
    const byMethod = await body(await get(`/api/admin/payments?method=${encodeURIComponent("tpa")}`));
    expect(byMethod.payments.map((p: { amount: number }) => p.amount)).toEqual([45000.5]);
    expect((await get("/api/admin/payments?from=ontem")).status).toBe(400);
    expect((await body(await get("/api/admin/payments?from=&to=&method="))).payments).toHaveLength(3);
  });

  it("exports CSV for Excel in Portuguese: BOM, ';', decimal comma, quoted cells, as an attachment", async () => {
    const res = await get("/api/admin/payments/export?format=csv&from=2025-03-01");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="pagamentos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe("Data;Aluno;Telefone;Curso;Valor (Kz);Método;Estado;Cód. Referência;Observações");
    expect(lines[1]).toBe("02/04/2025;Bruno Bento;923000000;Excel Avançado;45000,50;TPA;Confirmado;;");
    expect(lines[2]).toBe(
      '10/03/2025;"Ana; ""Aspas""";923000000;Excel Avançado;90000,00;Transferência Bancária;Confirmado;REFA;',
    );
    expect(lines).toHaveLength(4);
  });

  it("exports XLSX with dates and amounts as values", async () => {
    const res = await get("/api/admin/payments/export?format=xlsx&method=tpa");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="pagamentos-.+\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet("Pagamentos")!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe("Bruno Bento");
    expect(sheet.getRow(2).getCell(5).value).toBe(45000.5);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2025, 3, 2)));
  });
});
