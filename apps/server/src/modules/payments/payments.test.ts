import { todayInLuanda } from "@app/shared/dates";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { classRow, enrollmentRow } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import { classes, courses, enrollments, payments } from "../../db/schema";

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
        paymentMethod: "transferencia",
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

  it("answers 400 'Data inválida' (never 500) for an impossible date, on the list and both exports", async () => {
    for (const path of [
      "/api/admin/payments",
      "/api/admin/payments/export?format=csv&",
      "/api/admin/payments/export?format=xlsx&",
    ]) {
      const sep = path.endsWith("&") ? "" : "?";
      for (const [query, field] of [
        ["from=2024-02-30", "from"],
        ["to=2024-13-01", "to"],
        ["from=2023-02-29&to=2024-02-29", "from"],
      ] as const) {
        const res = await get(`${path}${sep}${query}`);
        expect(res.status, `${path}${sep}${query}`).toBe(400);
        const { error } = await body(res);
        expect(error.message).toBe("Data inválida");
        expect(error.issues).toEqual([{ path: field, message: "Data inválida" }]);
      }
    }
    // A leap day that exists is a date like any other.
    expect((await get("/api/admin/payments?from=2024-02-29&to=2025-12-31")).status).toBe(200);
  });

  it("answers 400 for a method that is not one of the payment methods", async () => {
    const res = await get(`/api/admin/payments?method=${encodeURIComponent("Transferência Bancária")}`);
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toBe("Método de pagamento inválido");
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

/**
 * One bank-transfer method (issue 21): a payment recorded by approving a receipt and one confirmed by staff
 * in 'Inscrições' with 'Transferência Bancária' are the same method, under one label and one filter.
 */
describe("one bank-transfer method, whichever flow recorded it", () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it("lists a receipt approval and a staff confirmation under the one method, and the total adds up", async () => {
    ctx = await createTestContext();
    const financeiro = await staffActor(ctx, "financeiro");
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Gestão de Projectos", durationMonths: 3, price: 230000 })
      .returning();
    const [schoolClass] = await ctx.db.insert(classes).values(classRow(course!.id)).returning();

    // A student pays 230 000 Kz by transfer and sends the receipt; finance approves it.
    const student = await studentWithEnrollment(ctx, course!.id, "Rita Recibo");
    const sent = await submitReceipt(
      ctx,
      student.cookie,
      receiptForm(student.enrollment.id, { paidAmount: "230.000" }),
    );
    expect(sent.status).toBe(201);
    const approved = await ctx.app.request(
      `/api/admin/receipts/${(await body(sent)).id}/approve`,
      jsonRequest("POST", undefined, financeiro.cookie),
    );
    expect(approved.status).toBe(200);

    // Another pays 80 000 Kz by transfer at the desk; staff confirm it in 'Inscrições'.
    const [walkIn] = await ctx.db
      .insert(enrollments)
      .values({ ...enrollmentRow(course!.id), studentName: "Bruno Balcão", status: "approved" })
      .returning();
    const confirmed = await ctx.app.request(
      `/api/admin/enrollments/${walkIn!.id}/confirm-payment`,
      jsonRequest(
        "POST",
        { amount: "80.000", paymentDate: todayInLuanda(), method: "transferencia", classId: schoolClass!.id },
        financeiro.cookie,
      ),
    );
    expect(confirmed.status).toBe(200);

    const get = (url: string) => ctx.app.request(url, jsonRequest("GET", undefined, financeiro.cookie));
    const all = await body(await get("/api/admin/payments"));
    const transfers = await body(await get("/api/admin/payments?method=transferencia"));
    expect(transfers.payments.map((p: { studentName: string }) => p.studentName).sort()).toEqual([
      "Bruno Balcão",
      "Rita Recibo",
    ]);
    expect(new Set(transfers.payments.map((p: { paymentMethodLabel: string }) => p.paymentMethodLabel))).toEqual(
      new Set(["Transferência Bancária"]),
    );
    expect(transfers.stats.totalRevenue).toBe(310000);
    expect(transfers.stats.totalRevenue).toBe(all.stats.totalRevenue);

    const csv = await (await get("/api/admin/payments/export?format=csv&method=transferencia")).text();
    const lines = csv.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split(";")[5]).toBe("Transferência Bancária");
  });
});
