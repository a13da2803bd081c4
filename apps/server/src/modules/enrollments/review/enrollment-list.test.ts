import { LIST_QUERY_MESSAGES } from "@app/shared/schemas/lists";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../../test/context";
import { enrollmentRow, insertCourse } from "../../../../test/fixtures";
import { enrollments } from "../../../db/schema";

type Row = { id: string; studentName: string; courseName: string; status: string; applicationDate: string };

/** 'Inscrições' pages, searches, filters and sorts on the server (decision 057), against a real PostgreSQL. */
describe("GET /api/admin/enrollments", () => {
  let ctx: TestContext;
  let cookie: string;
  let marketing: string;
  let ingles: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await staffActor(ctx, "secretaria")).cookie;
    marketing = await insertCourse(ctx.db, { name: "Marketing Digital", price: 150000 });
    ingles = await insertCourse(ctx.db, { name: "Inglês para Negócios", price: 90000 });
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9));
    // 25 plain applications a day apart, then four named ones (newest).
    await ctx.db
      .insert(enrollments)
      .values(
        Array.from({ length: 25 }, (_, i) =>
          enrollmentRow(marketing, { studentName: `Aluno ${String(i + 1).padStart(2, "0")}`, applicationDate: day(i) }),
        ),
      );
    await ctx.db.insert(enrollments).values([
      enrollmentRow(ingles, {
        studentName: "João Baptista",
        studentPhone: "923456789",
        status: "approved",
        paymentReferenceCode: "REF-JB1",
        applicationDate: day(30),
      }),
      enrollmentRow(ingles, { studentName: "Ângela Cruz", status: "enrolled", applicationDate: day(31) }),
      enrollmentRow(marketing, { studentName: "Zacarias 100%", status: "rejected", applicationDate: day(32) }),
      // Two at the very same instant: the id decides, so neither is on two pages.
      enrollmentRow(marketing, { studentName: "Bruno Gémeo", applicationDate: day(33) }),
      enrollmentRow(marketing, { studentName: "Bruno Gémeo", applicationDate: day(33) }),
    ]);
  });
  afterAll(() => ctx.close());

  const list = async (query = "", expected = 200) => {
    const res = await ctx.app.request(`/api/admin/enrollments${query}`, jsonRequest("GET", undefined, cookie));
    expect(res.status).toBe(expected);
    return body(res);
  };
  const names = (page: { rows: Row[] }) => page.rows.map((r) => r.studentName);

  it("answers 20 rows a page, newest application first, with the total and every page exactly once", async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 20 });
    expect(first.rows).toHaveLength(20);
    expect(names(first).slice(0, 4)).toEqual(["Bruno Gémeo", "Bruno Gémeo", "Zacarias 100%", "Ângela Cruz"]);
    const second = await list("?page=2");
    expect(second.rows).toHaveLength(10);
    expect(names(second).at(-1)).toBe("Aluno 01");
    const ids = [...first.rows, ...second.rows].map((r: Row) => r.id);
    expect(new Set(ids).size).toBe(30);
    expect((await list("?page=9")).rows).toEqual([]);
    const small = await list("?pageSize=3&page=2");
    expect(small.rows.map((r: Row) => r.id)).toEqual(ids.slice(3, 6));
  });

  it("searches ignoring case and accents: name, phone (with spaces), reference code, course", async () => {
    expect(names(await list("?q=joao"))).toEqual(["João Baptista"]);
    expect(names(await list("?q=ANGELA"))).toEqual(["Ângela Cruz"]);
    expect(names(await list(`?q=${encodeURIComponent("923 456")}`))).toEqual(["João Baptista"]);
    expect(names(await list("?q=ref-jb"))).toEqual(["João Baptista"]);
    expect((await list("?q=ingles%20para")).total).toBe(2);
    // % and _ are letters to look for, not wildcards.
    expect(names(await list("?q=100%25"))).toEqual(["Zacarias 100%"]);
    expect((await list("?q=_")).total).toBe(0);
    expect(await list("?q=ninguem")).toMatchObject({ rows: [], total: 0 });
  });

  it("filters by status and course, and pages within the filter", async () => {
    expect(names(await list("?status=enrolled"))).toEqual(["Ângela Cruz"]);
    expect((await list(`?courseId=${ingles}`)).total).toBe(2);
    expect((await list(`?courseId=${marketing}&status=pre_inscrito`)).total).toBe(27);
    expect(names(await list(`?courseId=${ingles}&status=approved&q=joao`))).toEqual(["João Baptista"]);
  });

  it("sorts by a column either way, accents ignored, the order complete", async () => {
    const byName = names(await list("?sort=student&dir=asc&pageSize=4"));
    expect(byName).toEqual(["Aluno 01", "Aluno 02", "Aluno 03", "Aluno 04"]);
    const desc = names(await list("?sort=student&dir=desc&pageSize=2"));
    expect(desc).toEqual(["Zacarias 100%", "João Baptista"]);
    // 'Ângela' sorts with the A's (after 'Aluno …'), not after Z.
    const all = names(await list("?sort=student&pageSize=100"));
    expect(all.indexOf("Ângela Cruz")).toBe(25);
    expect(new Set(names(await list("?sort=course&pageSize=2")))).toEqual(new Set(["João Baptista", "Ângela Cruz"]));
    expect(names(await list("?sort=course&dir=desc&pageSize=1"))).not.toContain("João Baptista");
    // Estado sorts by its label: 'Aprovado' < 'Matriculado' < 'Pré-inscrito' < 'Rejeitado'.
    const byStatus = (await list("?sort=status&dir=asc&pageSize=100")).rows.map((r: Row) => r.status);
    expect([...new Set(byStatus)]).toEqual(["approved", "enrolled", "pre_inscrito", "rejected"]);
    const byDate = (await list("?sort=date&dir=asc&pageSize=1")).rows[0];
    expect(byDate.studentName).toBe("Aluno 01");
  });

  it("counts the cards over every enrolment, whatever the page, search or filter", async () => {
    const expected = {
      total: 30,
      pre_inscrito: 27,
      approved: 1,
      enrolled: 1,
      rejected: 1,
      correction_requested: 0,
      payment_pending: 0,
      receipt_rejected: 0,
      partial_payment: 0,
      completed: 0,
      not_completed: 0,
    };
    expect((await list()).counts).toEqual(expected);
    expect((await list("?q=joao&status=approved&page=2")).counts).toEqual(expected);
  });

  it("filters by where the applicant heard of the course, on the server, and says it on each row", async () => {
    await ctx.db.insert(enrollments).values([
      enrollmentRow(ingles, {
        studentName: "Origem Zap",
        source: "whatsapp",
        applicationDate: new Date("2025-01-01"),
      }),
      enrollmentRow(ingles, {
        studentName: "Origem Rádio",
        source: "radio",
        applicationDate: new Date("2025-01-01"),
      }),
    ]);
    const page = await list("?source=whatsapp");
    expect(page.total).toBe(1);
    expect(page.rows).toEqual([expect.objectContaining({ studentName: "Origem Zap", source: "whatsapp" })]);
    expect(names(await list(`?source=radio&courseId=${ingles}`))).toEqual(["Origem Rádio"]);
    expect((await list(`?source=radio&courseId=${marketing}`)).total).toBe(0);
    await ctx.db.delete(enrollments).where(inArray(enrollments.studentName, ["Origem Zap", "Origem Rádio"]));
  });

  it("refuses a bad query with a Portuguese message", async () => {
    const message = async (query: string) => (await list(query, 400)).error.message;
    expect(await message("?page=0")).toBe(LIST_QUERY_MESSAGES.page);
    expect(await message("?pageSize=500")).toBe(LIST_QUERY_MESSAGES.pageSize);
    expect(await message(`?q=${"a".repeat(101)}`)).toBe(LIST_QUERY_MESSAGES.q);
    expect(await message("?sort=studentPhone")).toBe(LIST_QUERY_MESSAGES.sort);
    expect(await message("?sort=student&dir=up")).toBe(LIST_QUERY_MESSAGES.dir);
    expect(await message("?status=paid")).toBe("Estado inválido");
    expect(await message("?source=tiktok")).toBe("Origem inválida");
    expect(await message("?courseId=42")).toBe("Curso inválido");
  });
});
