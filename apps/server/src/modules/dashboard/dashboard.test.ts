import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";
import { enrollmentRow } from "../../../test/fixtures";
import {
  authUser,
  courses,
  enrollments,
  paymentReceipts,
  payments,
  storedFiles,
  studentAccounts,
} from "../../db/schema";
import { dashboardFigures } from "./dashboard.service";

describe("dashboard figures", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A student account (receipts belong to one). */
  const studentAccount = async (userId: string, studentCode: string) => {
    await ctx.db.insert(authUser).values({ id: userId, name: "Rui Kassoma", email: `${userId}@alunos.local` });
    const [account] = await ctx.db
      .insert(studentAccounts)
      .values({ userId, studentName: "Rui Kassoma", studentPhone: "923456789", studentCode })
      .returning();
    return account!;
  };
  /** A payment receipt of `enrollmentId` in `status`, with its stored file. */
  const receipt = async (
    accountId: string,
    enrollmentId: string,
    status: "pending" | "approved" | "rejected",
    key: string,
  ) => {
    const [file] = await ctx.db
      .insert(storedFiles)
      .values({ kind: "receipt", contentType: "application/pdf", size: 10, storageKey: key })
      .returning();
    await ctx.db.insert(paymentReceipts).values({
      studentAccountId: accountId,
      enrollmentId,
      fileId: file!.id,
      fileType: "pdf",
      status,
      paidAmount: 90000,
      paymentDate: "2026-01-10",
      coursePrice: 90000,
    });
  };

  it("computes the four cards from the rows, counting only this month's payments as month revenue", async () => {
    const [web] = await ctx.db
      .insert(courses)
      .values([
        { name: "Web", durationMonths: 4, price: 150000 },
        { name: "Antigo", durationMonths: 1, price: 1, status: "inactive" },
      ])
      .returning();
    const person = (name: string, status: "pre_inscrito" | "payment_pending" | "enrolled") =>
      enrollmentRow(web!.id, { studentName: name, status });
    const [a, , c, d] = await ctx.db
      .insert(enrollments)
      .values([
        person("A", "pre_inscrito"),
        person("B", "pre_inscrito"),
        person("C", "enrolled"),
        person("D", "payment_pending"),
      ])
      .returning();
    // D's receipts: one awaits staff; the judged ones do not count as pending.
    const account = await studentAccount("aluno-cartoes", "ALCARTAO");
    await receipt(account.id, d!.id, "pending", "cards/a.pdf");
    await receipt(account.id, d!.id, "approved", "cards/b.pdf");
    await receipt(account.id, d!.id, "rejected", "cards/c.pdf");
    await ctx.db.insert(payments).values([
      { enrollmentId: c!.id, amount: 150000, paymentDate: "2025-06-03", paymentMethod: "tpa", status: "confirmed" },
      { enrollmentId: c!.id, amount: 1000.5, paymentDate: "2025-06-30", paymentMethod: "tpa", status: "completed" },
      { enrollmentId: a!.id, amount: 99999, paymentDate: "2025-05-31", paymentMethod: "tpa", status: "confirmed" },
      { enrollmentId: a!.id, amount: 77777, paymentDate: "2024-06-15", paymentMethod: "tpa", status: "confirmed" },
    ]);

    // 30 June 2025, 23:30 UTC is already 1 July in Luanda (UTC+1).
    const july = await dashboardFigures(ctx.db, new Date("2025-06-30T23:30:00Z"));
    expect(july.monthRevenue).toBe(0);
    const june = await dashboardFigures(ctx.db, new Date("2025-06-30T12:00:00Z"));
    expect(june).toMatchObject({
      totalStudents: 4,
      activeCourses: 1,
      pendingEnrollments: 3,
      preEnrollmentsToReview: 2,
      receiptsToValidate: 1,
      monthRevenue: 151000.5,
    });
    expect(june.revenueByMonth).toHaveLength(12);
    expect(june.revenueByMonth.at(-1)).toEqual({ month: "2025-06", total: 151000.5 });
    expect(june.revenueByMonth.at(-2)).toEqual({ month: "2025-05", total: 99999 });
    expect(june.revenueByMonth[0]).toEqual({ month: "2024-07", total: 0 });
  });

  it("counts as 'Inscrições pendentes' what awaits staff: pre-inscrições to review and receipts to validate", async () => {
    const before = await dashboardFigures(ctx.db);
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Contabilidade", durationMonths: 3, price: 90000 })
      .returning();
    const account = await studentAccount("aluno-dashboard", "ALDASH01");
    const rows = await ctx.db
      .insert(enrollments)
      .values([
        enrollmentRow(course!.id, { status: "pre_inscrito" }),
        enrollmentRow(course!.id, { status: "payment_pending", studentAccountId: account.id }),
        enrollmentRow(course!.id, { status: "payment_pending", studentAccountId: account.id }),
        enrollmentRow(course!.id, { status: "approved" }),
        enrollmentRow(course!.id, { status: "rejected" }),
      ])
      .returning();
    await receipt(account.id, rows[1]!.id, "pending", "dashboard/a.pdf");
    await receipt(account.id, rows[2]!.id, "rejected", "dashboard/b.pdf");
    await receipt(account.id, rows[2]!.id, "pending", "dashboard/c.pdf");
    await receipt(account.id, rows[2]!.id, "approved", "dashboard/d.pdf");

    const after = await dashboardFigures(ctx.db);
    expect(after.preEnrollmentsToReview - before.preEnrollmentsToReview).toBe(1);
    expect(after.receiptsToValidate - before.receiptsToValidate).toBe(2);
    expect(after.pendingEnrollments).toBe(after.preEnrollmentsToReview + after.receiptsToValidate);
    expect(after.pendingEnrollments - before.pendingEnrollments).toBe(3);
  });

  it("counts the last 30 days' applications per source, every known source listed, the silent ones apart", async () => {
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Fotografia", durationMonths: 2, price: 50000 })
      .returning();
    const now = new Date("2031-03-31T12:00:00Z");
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await ctx.db
      .insert(enrollments)
      .values([
        enrollmentRow(course!.id, { source: "whatsapp", applicationDate: daysAgo(1) }),
        enrollmentRow(course!.id, { source: "whatsapp", applicationDate: daysAgo(29) }),
        enrollmentRow(course!.id, { source: "whatsapp", applicationDate: daysAgo(31) }),
        enrollmentRow(course!.id, { source: "outro", applicationDate: daysAgo(2) }),
        enrollmentRow(course!.id, { source: null, applicationDate: daysAgo(3) }),
        enrollmentRow(course!.id, { source: "radio", applicationDate: daysAgo(-1) }),
      ]);
    const { applicationsBySource } = await dashboardFigures(ctx.db, now);
    expect(applicationsBySource.periodDays).toBe(30);
    expect(applicationsBySource.sources.map((s) => s.source)).toEqual([
      "whatsapp",
      "facebook",
      "instagram",
      "google",
      "radio",
      "amigo",
      "outro",
    ]);
    const count = (source: string) => applicationsBySource.sources.find((s) => s.source === source)?.count;
    expect(count("whatsapp")).toBe(2);
    expect(count("outro")).toBe(1);
    expect(count("facebook")).toBe(0);
    expect(applicationsBySource.notStated).toBe(1);
  });
});
