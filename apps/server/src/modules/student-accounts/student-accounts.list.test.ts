import { randomUUID } from "node:crypto";
import { LIST_QUERY_MESSAGES } from "@app/shared/schemas/lists";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { authUser, studentAccounts } from "../../db/schema";

type Row = { id: string; studentName: string; studentCode: string };

/** 'Contas de Alunos' pages, searches and sorts on the server (decision 057), against a real PostgreSQL. */
describe("GET /api/admin/student-accounts", () => {
  let ctx: TestContext;
  let cookie: string;

  async function account(studentName: string, values: Partial<typeof studentAccounts.$inferInsert> = {}) {
    const userId = randomUUID();
    const studentCode = values.studentCode ?? `C${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    await ctx.db.insert(authUser).values({ id: userId, name: studentName, email: `${userId}@alunos.test` });
    await ctx.db
      .insert(studentAccounts)
      .values({ userId, studentName, studentPhone: "912000000", studentCode, ...values });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await staffActor(ctx, "professor")).cookie;
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9));
    for (let i = 1; i <= 22; i++)
      await account(`Conta ${String(i).padStart(2, "0")}`, { createdAt: day(i), enrollmentCompleted: i % 2 === 0 });
    await account("Conceição Lúcio", {
      studentCode: "CONCEI1",
      studentPhone: "934111222",
      studentEmail: "ceicao@exemplo.ao",
      mustChangePassword: false,
      createdAt: day(40),
    });
  });
  afterAll(() => ctx.close());

  const list = async (query = "", expected = 200) => {
    const res = await ctx.app.request(`/api/admin/student-accounts${query}`, { headers: { cookie } });
    expect(res.status).toBe(expected);
    return body(res);
  };
  const names = (page: { rows: Row[] }) => page.rows.map((r) => r.studentName);

  it("answers 20 accounts a page, newest first, with the total, and the cards over every account", async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(names(first).slice(0, 2)).toEqual(["Conceição Lúcio", "Conta 22"]);
    const second = await list("?page=2");
    expect(names(second)).toEqual(["Conta 03", "Conta 02", "Conta 01"]);
    const counts = { total: 23, completed: 11, pending: 12, temporaryPassword: 22 };
    expect(first.counts).toEqual(counts);
    expect((await list("?q=conta%2001")).counts).toEqual(counts);
  });

  it("searches name, code, e-mail and phone ignoring case and accents", async () => {
    for (const q of ["conceicao", "LUCIO", "concei1", "ceicao@", "934 111", "+244934111222"])
      expect(names(await list(`?q=${encodeURIComponent(q)}`)), q).toEqual(["Conceição Lúcio"]);
    expect((await list("?q=conta")).total).toBe(22);
  });

  it("sorts by name, code, completion and creation, either way", async () => {
    expect(names(await list("?sort=name&pageSize=3"))).toEqual(["Conceição Lúcio", "Conta 01", "Conta 02"]);
    expect(names(await list("?sort=name&dir=desc&pageSize=1"))).toEqual(["Conta 22"]);
    expect(names(await list("?sort=created&pageSize=1"))).toEqual(["Conta 01"]);
    const codes = (await list("?sort=code&dir=desc&pageSize=100")).rows.map((r: Row) => r.studentCode);
    expect(codes).toEqual([...codes].sort().reverse());
    const completedFirst = (await list("?sort=completed&pageSize=11")).rows;
    expect(completedFirst.every((r: { enrollmentCompleted: boolean }) => r.enrollmentCompleted)).toBe(true);
    const pendingFirst = (await list("?sort=completed&dir=desc&pageSize=12")).rows;
    expect(pendingFirst.every((r: { enrollmentCompleted: boolean }) => !r.enrollmentCompleted)).toBe(true);
  });

  it("refuses a bad query with a Portuguese message", async () => {
    const message = async (query: string) => (await list(query, 400)).error.message;
    expect(await message("?page=-1")).toBe(LIST_QUERY_MESSAGES.page);
    expect(await message("?pageSize=x")).toBe(LIST_QUERY_MESSAGES.pageSize);
    expect(await message("?sort=password")).toBe(LIST_QUERY_MESSAGES.sort);
  });
});
