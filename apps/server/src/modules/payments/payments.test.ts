import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { classRow, enrollmentRow, insertCourse } from "../../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../../test/receipts";
import { classes, courses, enrollments, payments } from "../../db/schema";
import { paymentBatches } from "./payments.service";

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
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(list.rows.map((p: { paymentDate: string }) => p.paymentDate)).toEqual([
      "2025-04-02",
      "2025-03-10",
      "2025-01-05",
    ]);
    expect(list.rows[0]).toMatchObject({
      studentName: "Bruno Bento",
      courseName: "Excel Avançado",
      amount: 45000.5,
      paymentMethod: "tpa",
      paymentMethodLabel: "TPA",
      status: "confirmed",
    });
    expect(list.counts).toEqual({
      totalRevenue: 135000.5,
      confirmedCount: 2,
      pendingCount: 0,
      pendingValue: 0,
      balanceValue: 0,
      balanceCount: 0,
    });
  });

  it("filters by dates (inclusive) and method", async () => {
    const byDate = await body(await get("/api/admin/payments?from=2025-03-10&to=2025-04-01"));
    expect(byDate.rows.map((p: { amount: number }) => p.amount)).toEqual([90000]);
    expect(byDate).toMatchObject({ total: 1, counts: { totalRevenue: 90000, confirmedCount: 1 } });
    const byMethod = await body(await get(`/api/admin/payments?method=${encodeURIComponent("tpa")}`));
    expect(byMethod.rows.map((p: { amount: number }) => p.amount)).toEqual([45000.5]);
    expect((await get("/api/admin/payments?from=ontem")).status).toBe(400);
    expect((await body(await get("/api/admin/payments?from=&to=&method="))).rows).toHaveLength(3);
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
    expect(lines[0]).toBe(
      "Data;Aluno;Telefone;Curso;Valor (Kz);Método;Estado;Cód. Referência;Observações;Diferença;Motivo da diferença",
    );
    expect(lines[1]).toBe("02/04/2025;Bruno Bento;923000000;Excel Avançado;45000,50;TPA;Confirmado;;;;");
    expect(lines[2]).toBe(
      '10/03/2025;"Ana; ""Aspas""";923000000;Excel Avançado;90000,00;Transferência Bancária;Confirmado;REFA;;;',
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
      .values({ name: "Gestão de Projetos", durationMonths: 3, price: 230000 })
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
      jsonRequest("POST", {}, financeiro.cookie),
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
        {
          amount: "80.000",
          paymentDate: todayInLuanda(),
          method: "transferencia",
          classId: schoolClass!.id,
          expectedBalance: 230000,
          difference: { choice: "accept", reason: "Bolsa combinada com a direção" },
        },
        financeiro.cookie,
      ),
    );
    expect(confirmed.status).toBe(200);

    const get = (url: string) => ctx.app.request(url, jsonRequest("GET", undefined, financeiro.cookie));
    const all = await body(await get("/api/admin/payments"));
    const transfers = await body(await get("/api/admin/payments?method=transferencia"));
    expect(transfers.rows.map((p: { studentName: string }) => p.studentName).sort()).toEqual([
      "Bruno Balcão",
      "Rita Recibo",
    ]);
    expect(new Set(transfers.rows.map((p: { paymentMethodLabel: string }) => p.paymentMethodLabel))).toEqual(
      new Set(["Transferência Bancária"]),
    );
    expect(transfers.counts.totalRevenue).toBe(310000);
    expect(transfers.counts.totalRevenue).toBe(all.counts.totalRevenue);

    const csv = await (await get("/api/admin/payments/export?format=csv&method=transferencia")).text();
    const lines = csv.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split(";")[5]).toBe("Transferência Bancária");
  });
});

/** The list pages, searches and sorts on the server; the cards follow the filters, not the search (issue 23). */
describe("payments list: pages, search, order", () => {
  let ctx: TestContext;
  let get: (url: string) => Response | Promise<Response>;
  const names = (list: { rows: { studentName: string }[] }) => list.rows.map((r) => r.studentName);

  beforeAll(async () => {
    ctx = await createTestContext();
    const financeiro = await staffActor(ctx, "financeiro");
    get = (url) => ctx.app.request(url, jsonRequest("GET", undefined, financeiro.cookie));
    const [excel] = await ctx.db
      .insert(courses)
      .values({ name: "Excel Avançado", durationMonths: 2, price: 90000 })
      .returning();
    const [ingles] = await ctx.db
      .insert(courses)
      .values({ name: "Inglês para Negócios", durationMonths: 3, price: 60000 })
      .returning();
    const people = [
      ["João Gonçalves", "923111222", excel!.id, "REFJOAO"],
      ["Márcia Lopes", "924333444", ingles!.id, "REFMARCIA"],
      ["Bruno Bento", "925555666", excel!.id, null],
      ["Ana Zacarias", "926777888", ingles!.id, null],
      ["Carla Dias", "927999000", excel!.id, null],
    ] as const;
    const rows = await ctx.db
      .insert(enrollments)
      .values(
        people.map(([studentName, studentPhone, courseId, paymentReferenceCode]) => ({
          ...enrollmentRow(courseId),
          studentName,
          studentPhone,
          paymentReferenceCode,
          status: "enrolled" as const,
        })),
      )
      .returning();
    // Days 1..5 of March in the order above; Carla's payment failed.
    await ctx.db.insert(payments).values(
      rows.map((e, i) => ({
        enrollmentId: e.id,
        amount: 10000 * (i + 1),
        paymentDate: `2025-03-0${i + 1}`,
        paymentMethod: i % 2 ? ("tpa" as const) : ("dinheiro" as const),
        status: i === 4 ? ("failed" as const) : ("confirmed" as const),
      })),
    );
  });
  afterAll(() => ctx.close());

  it("gives the page asked for, the total, and newest date first by default", async () => {
    const first = await body(await get("/api/admin/payments?pageSize=2"));
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(first)).toEqual(["Carla Dias", "Ana Zacarias"]);
    const third = await body(await get("/api/admin/payments?pageSize=2&page=3"));
    expect(names(third)).toEqual(["João Gonçalves"]);
    const past = await body(await get("/api/admin/payments?pageSize=2&page=4"));
    expect(past).toMatchObject({ rows: [], total: 5, page: 4 });
    // The cards cover every filtered payment, not only the page's.
    expect(first.counts).toMatchObject({ totalRevenue: 100000, confirmedCount: 4 });
  });

  it("searches name, phone, course and reference code, ignoring case and accents; the cards keep the filters' totals", async () => {
    const search = async (q: string) => body(await get(`/api/admin/payments?q=${encodeURIComponent(q)}`));
    expect(names(await search("joao goncalves"))).toEqual(["João Gonçalves"]);
    expect(names(await search("MARCIA"))).toEqual(["Márcia Lopes"]);
    expect(names(await search("924 333"))).toEqual(["Márcia Lopes"]);
    expect(names(await search("refjoao"))).toEqual(["João Gonçalves"]);
    const ingles = await search("ingles");
    expect(names(ingles)).toEqual(["Ana Zacarias", "Márcia Lopes"]);
    expect(ingles.total).toBe(2);
    expect(ingles.counts).toMatchObject({ totalRevenue: 100000, confirmedCount: 4 });
    // A full page counts the rest: two matches, one a page.
    expect(await body(await get("/api/admin/payments?q=ingles&pageSize=1&page=2"))).toMatchObject({
      total: 2,
      rows: [{ studentName: "Márcia Lopes" }],
    });
    expect((await body(await get("/api/admin/payments?q=ingles&pageSize=1"))).total).toBe(2);
    // A LIKE wildcard typed is a character like any other.
    expect((await search("%")).total).toBe(0);
    // Search and filters together; the cards follow the filters.
    const both = await body(await get("/api/admin/payments?q=excel&method=dinheiro"));
    expect(names(both)).toEqual(["Carla Dias", "Bruno Bento", "João Gonçalves"]);
    expect(both.counts).toMatchObject({ totalRevenue: 40000, confirmedCount: 2 });
  });

  it("sorts by a column in either direction, the id breaking ties", async () => {
    const sorted = async (query: string) => names(await body(await get(`/api/admin/payments?${query}`)));
    expect(await sorted("sort=student")).toEqual([
      "Ana Zacarias",
      "Bruno Bento",
      "Carla Dias",
      "João Gonçalves",
      "Márcia Lopes",
    ]);
    expect(await sorted("sort=amount&dir=desc")).toEqual([
      "Carla Dias",
      "Ana Zacarias",
      "Bruno Bento",
      "Márcia Lopes",
      "João Gonçalves",
    ]);
    expect(await sorted("sort=date&dir=asc&pageSize=1")).toEqual(["João Gonçalves"]);
    expect((await sorted("sort=method")).slice(0, 3).sort()).toEqual(["Bruno Bento", "Carla Dias", "João Gonçalves"]);
    expect((await sorted("sort=status&dir=desc"))[0]).toBe("Carla Dias");
    const byCourse = await sorted("sort=course");
    expect(byCourse.slice(3).sort()).toEqual(["Ana Zacarias", "Márcia Lopes"]);
  });

  it("answers 400 with a Portuguese message for a bad page, page size, sort or direction, and changes nothing", async () => {
    for (const [query, field, message] of [
      ["page=0", "page", "Página inválida"],
      ["page=abc", "page", "Página inválida"],
      ["pageSize=101", "pageSize", "O tamanho da página deve ser um número entre 1 e 100"],
      ["sort=notes", "sort", "Ordenação inválida"],
      ["sort=student&dir=up", "dir", "Sentido da ordenação inválido (asc ou desc)"],
      [`q=${"a".repeat(101)}`, "q", "A pesquisa pode ter no máximo 100 caracteres"],
    ] as const) {
      const res = await get(`/api/admin/payments?${query}`);
      expect(res.status, query).toBe(400);
      expect((await body(res)).error.issues).toEqual([{ path: field, message }]);
    }
  });
});

/**
 * The exports stream (issue 23): read from the database in keyset batches of EXPORT_BATCH as the client
 * takes the bytes, with the list's filters and search. 2 500 payments make three batches.
 */
describe("payments export of many rows", () => {
  const COUNT = 2500;
  let ctx: TestContext;
  let get: (url: string) => Response | Promise<Response>;
  let courseId: string;
  /** Payment i (1..COUNT) is 'Aluno 0000i', i kz, paid i days after 2015-01-01: newest first is COUNT..1. */
  const day = (i: number) => addDays("2015-01-01", i);

  beforeAll(async () => {
    ctx = await createTestContext();
    const financeiro = await staffActor(ctx, "financeiro");
    get = (url) => ctx.app.request(url, jsonRequest("GET", undefined, financeiro.cookie));
    courseId = await insertCourse(ctx.db, { name: "Contabilidade", price: 50000 });
    const numbers = Array.from({ length: COUNT }, (_, k) => k + 1);
    const rows = await ctx.db
      .insert(enrollments)
      .values(
        numbers.map((i) => ({
          ...enrollmentRow(courseId),
          // One name is a formula: the CSV must not let Excel run it.
          studentName: i === 1234 ? '=HYPERLINK("http://x")' : `Aluno ${String(i).padStart(5, "0")}`,
          status: "enrolled" as const,
        })),
      )
      .returning({ id: enrollments.id });
    await ctx.db.insert(payments).values(
      rows.map(({ id }, k) => ({
        enrollmentId: id,
        amount: k + 1,
        paymentDate: day(k + 1),
        paymentMethod: "transferencia" as const,
        status: "confirmed" as const,
      })),
    );
  });
  afterAll(() => ctx.close());

  const csvLines = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
  };

  it("writes every row once, newest first, across the batches, with the pt-AO formats and formula protection", async () => {
    const lines = await csvLines(await get("/api/admin/payments/export?format=csv"));
    expect(lines).toHaveLength(COUNT);
    const amounts = lines.map((l) => l.split(";")[4]);
    expect(amounts).toEqual(Array.from({ length: COUNT }, (_, k) => `${COUNT - k},00`));
    expect(lines[0]).toBe(
      `${day(COUNT).split("-").reverse().join("/")};Aluno 02500;923000000;Contabilidade;2500,00;Transferência Bancária;Confirmado;;;;`,
    );
    expect(lines.find((l) => l.includes("HYPERLINK"))).toContain(`;"'=HYPERLINK(""http://x"")";`);
  });

  it("exports what the filters and the search give", async () => {
    const lines = await csvLines(
      await get(`/api/admin/payments/export?format=csv&from=${day(1001)}&to=${day(2200)}&q=ALUNO%200`),
    );
    // 1001..2200 whose name contains 'aluno 0': all but 1234 (the formula) → 1 199 rows.
    expect(lines).toHaveLength(1199);
    expect(lines[0]).toContain(";2200,00;");
    expect(lines.at(-1)).toContain(";1001,00;");
    expect((await get("/api/admin/payments/export?format=csv&q=nenhum")).status).toBe(200);
    expect(await csvLines(await get("/api/admin/payments/export?format=csv&q=nenhum"))).toEqual([]);
  });

  it("reads the next batch only when the client asks for more: a payment recorded meanwhile comes in its place", async () => {
    const res = await get("/api/admin/payments/export?format=csv");
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The first chunk is the header and the first batch only: the rest is not read yet.
    const firstLines = new TextDecoder().decode(first.value).split("\r\n");
    expect(firstLines).toHaveLength(1 + 1000 + 1);
    // A payment recorded now, dated before every other: it sorts last, in a batch not yet read.
    const [late] = await ctx.db
      .insert(enrollments)
      .values({ ...enrollmentRow(courseId), studentName: "Pagamento Tardio", status: "enrolled" })
      .returning();
    await ctx.db.insert(payments).values({
      enrollmentId: late!.id,
      amount: 7,
      paymentDate: "2014-12-31",
      paymentMethod: "dinheiro",
      status: "confirmed",
    });
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    const lines = [...firstLines.slice(1, -1), ...rest.split("\r\n").slice(0, -1)];
    expect(lines).toHaveLength(COUNT + 1);
    expect(lines.at(-1)).toContain("Pagamento Tardio");
    expect(new Set(lines).size).toBe(COUNT + 1);
  });

  it("writes the XLSX with every row, dates and amounts as values", async () => {
    // From the first day: without the payment recorded during the previous test.
    const res = await get(`/api/admin/payments/export?format=xlsx&from=${day(1)}`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet("Pagamentos")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Data");
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(1 + COUNT);
    expect(sheet.getRow(2).getCell(5).value).toBe(COUNT);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(`${day(COUNT)}T00:00:00Z`));
    expect(sheet.getRow(2).getCell(1).numFmt).toBe("dd/mm/yyyy");
    expect(sheet.getRow(1 + COUNT).getCell(5).value).toBe(1);
    expect(sheet.getRow(1 + COUNT).getCell(2).value).toBe("Aluno 00001");
  });

  it("splits a batch inside a run of equal dates and recording times without skipping or repeating a row", async () => {
    // Seven payments of one day recorded in one statement: same date, same created_at; only the id orders them.
    const rows = await ctx.db
      .insert(enrollments)
      .values(Array.from({ length: 7 }, () => ({ ...enrollmentRow(courseId), status: "enrolled" as const })))
      .returning({ id: enrollments.id });
    const inserted = await ctx.db
      .insert(payments)
      .values(
        rows.map(({ id }) => ({
          enrollmentId: id,
          amount: 1,
          paymentDate: "2014-06-01",
          paymentMethod: "tpa" as const,
          status: "confirmed" as const,
        })),
      )
      .returning({ id: payments.id });
    const batches: string[][] = [];
    for await (const batch of paymentBatches(ctx.db, { from: "2014-06-01", to: "2014-06-01" }, 3)) {
      batches.push(batch.map((p) => p.id));
    }
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(
      inserted
        .map((p) => p.id)
        .sort()
        .reverse(),
    );
  });
});
