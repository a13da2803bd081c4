import { todayInLuanda } from "@app/shared/dates";
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from "@app/shared/enums";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../../test/context";
import { classRow, enrollmentRow, insertCourse } from "../../../../test/fixtures";
import { classes, enrollmentEvents, enrollments, payments } from "../../../db/schema";

/** 'Confirmar pagamento' (SPEC §4 approved → enrolled): the payment, the class seat, one transaction. */
describe("payment confirmation and class seats", () => {
  let ctx: TestContext;
  let courseId: string;
  let otherCourseId: string;
  let financeiro: { userId: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Inglês Intensivo", durationMonths: 4 });
    otherCourseId = await insertCourse(ctx.db, { name: "Design Gráfico", durationMonths: 2, price: 80000 });
    financeiro = await staffActor(ctx, "financeiro", "Filipe Financeiro");
  });
  afterAll(() => ctx.close());

  async function schoolClass(overrides: Partial<typeof classes.$inferInsert> = {}) {
    const [row] = await ctx.db
      .insert(classes)
      .values(classRow(courseId, { name: "Turma", ...overrides }))
      .returning();
    return row!;
  }

  async function approvedEnrollments(count: number, status: EnrollmentStatus = "approved") {
    return ctx.db
      .insert(enrollments)
      .values(
        Array.from({ length: count }, (_, i) => ({ ...enrollmentRow(courseId), studentName: `Aluno ${i}`, status })),
      )
      .returning();
  }

  const confirm = (id: string, payload: Record<string, unknown>, cookie = financeiro.cookie) =>
    ctx.app.request(`/api/admin/enrollments/${id}/confirm-payment`, jsonRequest("POST", payload, cookie));
  const payment = (classId: string, extra: Record<string, unknown> = {}) => ({
    amount: "100.000,00",
    paymentDate: todayInLuanda(),
    method: "transferencia",
    classId,
    expectedBalance: 100000,
    ...extra,
  });
  const seats = async (id: string) =>
    (await ctx.db.select({ n: classes.currentStudents }).from(classes).where(eq(classes.id, id)))[0]!.n;

  it("offers the course's active classes with a free seat, earliest start first", async () => {
    const later = await schoolClass({ name: "Tarde", startDate: "2025-03-01", endDate: "2025-07-01" });
    const earlier = await schoolClass({ name: "Manhã" });
    await schoolClass({ name: "Cheia", maxStudents: 1, currentStudents: 1 });
    await schoolClass({ name: "Cancelada", status: "cancelled" });
    await schoolClass({ name: "Outro curso", courseId: otherCourseId });
    const [row] = await approvedEnrollments(1);
    const res = await ctx.app.request(
      `/api/admin/enrollments/${row!.id}/classes`,
      jsonRequest("GET", undefined, financeiro.cookie),
    );
    const offered = await body(res);
    expect(offered.map((c: { id: string }) => c.id)).toEqual([earlier.id, later.id]);
  });

  it("records a confirmed payment, enrols the student in the class and takes one seat, with one event", async () => {
    const cls = await schoolClass({ name: "Turma A" });
    const [row] = await approvedEnrollments(1);
    const res = await confirm(row!.id, payment(cls.id, { notes: "Pago ao balcão" }));
    expect(res.status).toBe(200);
    const shown = await body(res);
    expect(shown).toMatchObject({ status: "enrolled", classId: cls.id, className: "Turma A" });
    expect(shown.events).toEqual([
      expect.objectContaining({
        actorName: "Filipe Financeiro",
        fromStatus: "approved",
        toStatus: "enrolled",
        note: expect.stringMatching(
          /^Pagamento confirmado: 100\s000,00\sKz \(Transferência Bancária\)\. Turma: Turma A$/,
        ),
      }),
    ]);
    expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, row!.id))).toEqual([
      expect.objectContaining({
        amount: 100000,
        status: "confirmed",
        paymentMethod: "transferencia",
        notes: "Pago ao balcão",
      }),
    ]);
    expect(await seats(cls.id)).toBe(1);
  });

  it("refuses every status but approved, receipt_rejected and partial_payment (409 naming it), and leaves seat and payments untouched", async () => {
    const cls = await schoolClass();
    const payable = ["approved", "receipt_rejected", "partial_payment"];
    for (const status of ENROLLMENT_STATUSES.filter((s) => !payable.includes(s))) {
      const [row] = await approvedEnrollments(1, status);
      const res = await confirm(row!.id, payment(cls.id));
      expect(res.status, status).toBe(409);
      expect((await body(res)).error.message).toMatch(
        /^Não é possível confirmar o pagamento desta inscrição: a inscrição está «.+»\.$/,
      );
      expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, row!.id))).toEqual([]);
    }
    expect(await seats(cls.id)).toBe(0);
  });

  it("needs a class, a positive amount, a date not after today and a known method", async () => {
    const [row] = await approvedEnrollments(1);
    const noClass = await confirm(row!.id, { ...payment(""), classId: undefined });
    expect(noClass.status).toBe(400);
    expect((await body(noClass)).error.message).toBe("Selecione uma turma para matricular o aluno");
    const cls = await schoolClass();
    expect((await body(await confirm(row!.id, payment(cls.id, { amount: 0 })))).error.message).toBe(
      "O valor pago deve ser maior que zero",
    );
    expect((await body(await confirm(row!.id, payment(cls.id, { paymentDate: "2999-01-01" })))).error.message).toBe(
      "A data de pagamento não pode ser posterior a hoje",
    );
    expect((await confirm(row!.id, payment(cls.id, { method: "cheque" }))).status).toBe(400);
    const elsewhere = await schoolClass({ courseId: otherCourseId });
    const wrongCourse = await confirm(row!.id, payment(elsewhere.id));
    expect(wrongCourse.status).toBe(400);
    expect((await body(wrongCourse)).error.message).toBe("Esta turma não pertence ao curso da inscrição");
    expect(await statusOf(row!.id)).toBe("approved");
  });

  it("refuses a full class and a class that is not active (409)", async () => {
    const [row] = await approvedEnrollments(1);
    const full = await schoolClass({ name: "Cheia", maxStudents: 2, currentStudents: 2 });
    const res = await confirm(row!.id, payment(full.id));
    expect(res.status).toBe(409);
    expect((await body(res)).error.message).toBe("A turma «Cheia» está lotada. Escolha outra turma.");
    const done = await schoolClass({ name: "Antiga", status: "completed" });
    expect((await body(await confirm(row!.id, payment(done.id)))).error.message).toBe(
      "A turma «Antiga» não está ativa («Concluída»). Escolha outra turma.",
    );
    expect(await seats(full.id)).toBe(2);
    expect(await statusOf(row!.id)).toBe("approved");
  });

  it("100 confirmations at once on a 30-seat class: exactly 30 enrolled, 70 clear 409s, 30 seats taken", async () => {
    const cls = await schoolClass({ name: "Concorrida", maxStudents: 30 });
    const rows = await approvedEnrollments(100);
    const results = await Promise.all(rows.map((r) => confirm(r.id, payment(cls.id))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 409)).toHaveLength(70);
    const refusals = await Promise.all(results.filter((r) => r.status === 409).map((r) => body(r)));
    expect(new Set(refusals.map((b) => b.error.message))).toEqual(
      new Set(["A turma «Concorrida» está lotada. Escolha outra turma."]),
    );
    expect(await seats(cls.id)).toBe(30);
    const ids = rows.map((r) => r.id);
    const after = await ctx.db.select().from(enrollments).where(inArray(enrollments.id, ids));
    expect(after.filter((r) => r.status === "enrolled")).toHaveLength(30);
    expect(after.filter((r) => r.status === "approved")).toHaveLength(70);
    expect(after.filter((r) => r.classId === cls.id)).toHaveLength(30);
    expect(await ctx.db.select().from(payments).where(inArray(payments.enrollmentId, ids))).toHaveLength(30);
    expect(
      await ctx.db.select().from(enrollmentEvents).where(inArray(enrollmentEvents.enrollmentId, ids)),
    ).toHaveLength(30);
  }, 60_000);

  it("two confirmations of one enrolment at once: one payment, one seat", async () => {
    const cls = await schoolClass();
    const [row] = await approvedEnrollments(1);
    const results = await Promise.all([confirm(row!.id, payment(cls.id)), confirm(row!.id, payment(cls.id))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, row!.id))).toHaveLength(1);
    expect(await seats(cls.id)).toBe(1);
  });

  describe("'Atribuir turma': an enrolled enrolment without a class (approved through a receipt)", () => {
    let secretaria: { userId: string; cookie: string };
    beforeAll(async () => {
      secretaria = await staffActor(ctx, "secretaria", "Sofia Secretária");
    });
    const assign = (id: string, classId: unknown, cookie = secretaria.cookie) =>
      ctx.app.request(`/api/admin/enrollments/${id}/assign-class`, jsonRequest("POST", { classId }, cookie));

    it("gives the class and takes one seat, with one History event; the status stays 'enrolled'", async () => {
      const cls = await schoolClass({ name: "Turma Recibo" });
      const [row] = await approvedEnrollments(1, "enrolled");
      const res = await assign(row!.id, cls.id);
      expect(res.status).toBe(200);
      const shown = await body(res);
      expect(shown).toMatchObject({ status: "enrolled", classId: cls.id, className: "Turma Recibo" });
      expect(shown.events).toEqual([
        expect.objectContaining({
          actorName: "Sofia Secretária",
          kind: "data_edited",
          fromStatus: "enrolled",
          toStatus: "enrolled",
          note: "Turma atribuída: Turma Recibo",
        }),
      ]);
      expect(await seats(cls.id)).toBe(1);
      expect(await ctx.db.select().from(payments).where(eq(payments.enrollmentId, row!.id))).toEqual([]);
      // A second assignment is refused: the enrolment has its class, and no second seat is taken.
      const again = await assign(row!.id, cls.id);
      expect(again.status).toBe(409);
      expect((await body(again)).error.message).toBe("Esta inscrição já tem turma");
      expect(await seats(cls.id)).toBe(1);
    });

    it("refuses every status but enrolled (409 naming it), a missing class (400) and another course's class (400)", async () => {
      const cls = await schoolClass();
      for (const status of ENROLLMENT_STATUSES.filter((s) => s !== "enrolled")) {
        const [row] = await approvedEnrollments(1, status);
        const res = await assign(row!.id, cls.id);
        expect(res.status, status).toBe(409);
        expect((await body(res)).error.message).toMatch(
          /^Não é possível atribuir uma turma a esta inscrição: a inscrição está «.+»\.$/,
        );
      }
      const [row] = await approvedEnrollments(1, "enrolled");
      const none = await assign(row!.id, undefined);
      expect(none.status).toBe(400);
      expect((await body(none)).error.message).toBe("Selecione uma turma para matricular o aluno");
      const elsewhere = await schoolClass({ courseId: otherCourseId });
      const wrongCourse = await assign(row!.id, elsewhere.id);
      expect(wrongCourse.status).toBe(400);
      expect((await body(wrongCourse)).error.message).toBe("Esta turma não pertence ao curso da inscrição");
      expect(await seats(cls.id)).toBe(0);
    });

    it("a full class is a clear 409, and financeiro (who does not review enrolments) gets 403", async () => {
      const full = await schoolClass({ name: "Lotada", maxStudents: 1, currentStudents: 1 });
      const [row] = await approvedEnrollments(1, "enrolled");
      const res = await assign(row!.id, full.id);
      expect(res.status).toBe(409);
      expect((await body(res)).error.message).toBe("A turma «Lotada» está lotada. Escolha outra turma.");
      const open = await schoolClass({ name: "Aberta" });
      expect((await assign(row!.id, open.id, financeiro.cookie)).status).toBe(403);
      const [after] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, row!.id));
      expect(after!.classId).toBeNull();
      expect(await seats(full.id)).toBe(1);
      expect(await seats(open.id)).toBe(0);
    });

    it("100 assignments at once on a 30-seat class: exactly 30 get it, 70 clear 409s, never over the maximum", async () => {
      const cls = await schoolClass({ name: "Concorrida por recibo", maxStudents: 30 });
      const rows = await approvedEnrollments(100, "enrolled");
      const results = await Promise.all(rows.map((r) => assign(r.id, cls.id)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.filter((s) => s === 409)).toHaveLength(70);
      const refusals = await Promise.all(results.filter((r) => r.status === 409).map((r) => body(r)));
      expect(new Set(refusals.map((b) => b.error.message))).toEqual(
        new Set(["A turma «Concorrida por recibo» está lotada. Escolha outra turma."]),
      );
      expect(await seats(cls.id)).toBe(30);
      const ids = rows.map((r) => r.id);
      const after = await ctx.db.select().from(enrollments).where(inArray(enrollments.id, ids));
      expect(after.filter((r) => r.classId === cls.id)).toHaveLength(30);
      expect(after.every((r) => r.status === "enrolled")).toBe(true);
      expect(
        await ctx.db.select().from(enrollmentEvents).where(inArray(enrollmentEvents.enrollmentId, ids)),
      ).toHaveLength(30);
    }, 60_000);

    it("two assignments of one enrolment at once, to two classes: one class, one seat in all", async () => {
      const a = await schoolClass({ name: "A" });
      const b = await schoolClass({ name: "B" });
      const [row] = await approvedEnrollments(1, "enrolled");
      const results = await Promise.all([assign(row!.id, a.id), assign(row!.id, b.id)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await seats(a.id)) + (await seats(b.id))).toBe(1);
    });
  });

  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.s;
});
