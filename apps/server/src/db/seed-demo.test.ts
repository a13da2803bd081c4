import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../test/actors";
import { body, createTestContext, type TestContext } from "../../test/context";
import {
  authAccount,
  authUser,
  certificates,
  classes,
  courses,
  enrollments,
  paymentReceipts,
  payments,
  studentAccounts,
  teachers,
} from "./schema";
import { DEMO_PROFESSOR_EMAIL, seedDemoData } from "./seed-demo";
import { DEMO_STUDENT_PASSWORD, demoPdf } from "./seed-demo-receipts";

describe("demo data", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("loads the SPEC's three sample courses and more, once, even when two instances start together", async () => {
    const results = await Promise.all([seedDemoData(ctx.db, ctx.deps), seedDemoData(ctx.db, ctx.deps)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(ctx.db, ctx.deps)).toBe(false);

    const all = await ctx.db.select().from(courses);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const prices = all.map((c) => c.price);
    expect(prices).toEqual(expect.arrayContaining([150000, 100000, 80000]));
    // The home page features the SPEC's three sample courses.
    expect(all.filter((c) => c.featured).map((c) => c.price)).toEqual(expect.arrayContaining([150000, 100000, 80000]));
    expect(all.filter((c) => c.featured)).toHaveLength(3);
    expect(new Set(all.map((c) => c.area)).size).toBeGreaterThanOrEqual(5);
    expect((await ctx.db.select().from(teachers)).length).toBeGreaterThan(0);
    expect((await ctx.db.select().from(classes)).length).toBeGreaterThan(0);
  });

  it("links the demo professor (no password) to Helena Baptista, whose ended class has one certificate and two students awaiting results", async () => {
    const [professor] = await ctx.db.select().from(authUser).where(eq(authUser.email, DEMO_PROFESSOR_EMAIL));
    expect(await ctx.db.select().from(authAccount).where(eq(authAccount.userId, professor!.id))).toEqual([]);
    const [helena] = await ctx.db.select().from(teachers).where(eq(teachers.userId, professor!.id));
    expect(helena!.teacherName).toBe("Helena Baptista");
    const [ended] = await ctx.db
      .select()
      .from(classes)
      .where(eq(classes.name, "Inglês para Negócios — Turma Intensiva"));
    expect(ended!.teacherId).toBe(helena!.id);
    const students = await ctx.db.select().from(enrollments).where(eq(enrollments.classId, ended!.id));
    expect(students.map((e) => e.status).sort()).toEqual(["completed", "enrolled", "enrolled"]);
    const [cert] = await ctx.db.select().from(certificates);
    expect(cert).toMatchObject({ studentName: "Rosa Tchissola Domingos", completionDate: ended!.endDate });
    expect(cert!.fileId).not.toBeNull();
    const res = await ctx.app.request(`/api/verify/${cert!.certificateNumber}`);
    expect(((await res.json()) as { result: string }).result).toBe("valid");
  });

  it("counts each demo class's seats from the demo enrolments in it, so 'x/y' adds up", async () => {
    const all = await ctx.db.select().from(classes);
    const enrolled = await ctx.db.select({ classId: enrollments.classId }).from(enrollments);
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((c) => [c.name, c.currentStudents])).toEqual(
      all.map((c) => [c.name, enrolled.filter((e) => e.classId === c.id).length]),
    );
  });

  it("does not bring back a demo course an administrator deleted", async () => {
    const before = (await ctx.db.select().from(courses)).length;
    await ctx.db.delete(certificates);
    await ctx.db.delete(payments);
    await ctx.db.delete(paymentReceipts);
    await ctx.db.delete(enrollments);
    await ctx.db.delete(classes);
    const [first] = await ctx.db.select().from(courses);
    await ctx.db.delete(courses).where(eq(courses.id, first!.id));
    await seedDemoData(ctx.db, ctx.deps);
    expect((await ctx.db.select().from(courses)).length).toBe(before - 1);
  });
});

describe("demo class dates", () => {
  it("count from Luanda's today: at 23:30 UTC on 14 June it is already 15 June", async () => {
    const ctx = await createTestContext();
    try {
      await seedDemoData(ctx.db, ctx.deps, new Date("2026-06-14T23:30:00Z"));
      const fullStack = (await ctx.db.select().from(classes)).find((c) => c.name === "Full Stack — Turma A")!;
      expect(fullStack.enrollmentStartDate).toBe("2026-06-08");
      expect(fullStack.startDate).toBe("2026-07-13");
    } finally {
      await ctx.close();
    }
  });
});

describe("demo receipts", () => {
  it("give 'Comprovantes' and 'Financeiro' one pending receipt with a divergence, one approved with its payment and one rejected with a reason", async () => {
    const ctx = await createTestContext();
    try {
      expect(await seedDemoData(ctx.db, ctx.deps)).toBe(true);
      const finance = await staffActor(ctx, "financeiro");
      const list = await body(
        await ctx.app.request("/api/admin/receipts", jsonRequest("GET", undefined, finance.cookie)),
      );
      expect(list.counts).toMatchObject({ total: 3, pending: 1, approved: 1, rejected: 1 });
      const byStatus = (s: string) => list.rows.find((r: { status: string }) => r.status === s);
      expect(byStatus("pending")).toMatchObject({
        courseName: "Desenvolvimento Web Full Stack",
        paidAmount: 145000,
        coursePrice: 150000,
        divergence: -5000,
        divergenceCorrect: false,
        fileType: "pdf",
      });
      expect(byStatus("approved")).toMatchObject({ enrollmentStatus: "enrolled", divergenceCorrect: true });
      expect(byStatus("rejected").notes).toMatch(/não se vê o valor/);
      // Its enrolment awaits a new receipt (decision 050), not 'Pagamento Enviado'.
      expect(byStatus("rejected").enrollmentStatus).toBe("receipt_rejected");
      expect(byStatus("pending").enrollmentStatus).toBe("payment_pending");

      // The approved one has its payment in 'Financeiro'; the enrolment waits for 'Atribuir turma'.
      const finances = await body(
        await ctx.app.request("/api/admin/payments", jsonRequest("GET", undefined, finance.cookie)),
      );
      expect(finances.rows).toEqual([
        expect.objectContaining({
          paymentMethod: "transferencia",
          status: "completed",
          amount: byStatus("approved").paidAmount,
        }),
      ]);
      const [enrolled] = await ctx.db
        .select()
        .from(enrollments)
        .where(eq(enrollments.id, byStatus("approved").enrollmentId));
      expect(enrolled).toMatchObject({ status: "enrolled", classId: null });

      // Each receipt is a real PDF in the storage that finance can open.
      for (const r of list.rows) {
        const file = await ctx.app.request(`/api/files/${r.fileId}`, jsonRequest("GET", undefined, finance.cookie));
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe("application/pdf");
        expect(
          Buffer.from(await file.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");
      }

      // A demo student signs in with the demo password.
      const [account] = await ctx.db
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.userId, enrolled!.userId!));
      const signIn = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: account!.studentCode, password: DEMO_STUDENT_PASSWORD }),
      );
      expect(signIn.status).toBe(200);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("lays out a PDF whose cross-reference offsets point at its objects", () => {
    const pdf = demoPdf(["COMPROVATIVO", "Valor: 1 000,00 Kz (Luísa)"]).toString("latin1");
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => {
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(pdf).toContain("(Valor: 1 000,00 Kz \\(Luísa\\))");
  });
});
