import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { classRow as aClass, enrollmentRow } from "../../test/fixtures";
import { classes, courses, enrollments, payments } from "./schema";

/** The database itself refuses impossible data, whatever the code above it does. */
describe("data model constraints", () => {
  let ctx: TestContext;
  let courseId: string;
  const classRow = () => aClass(courseId);

  beforeAll(async () => {
    ctx = await createTestContext();
    [{ id: courseId }] = (await ctx.db
      .insert(courses)
      .values({ name: "Curso", durationMonths: 3, price: 150000 })
      .returning({ id: courses.id })) as [{ id: string }];
  });
  afterAll(() => ctx.close());

  /** The constraint the database refused the write with; a write it accepts fails the test. */
  async function violation(promise: Promise<unknown>): Promise<string> {
    const err: { cause?: { constraint?: string }; constraint?: string } = await promise.then(
      () => expect.unreachable("expected the database to refuse"),
      (e: unknown) => e as { cause?: { constraint?: string }; constraint?: string },
    );
    return err.cause?.constraint ?? err.constraint ?? "";
  }

  it("defaults max_students to 30 and current_students to 0", async () => {
    const [row] = await ctx.db.insert(classes).values(classRow()).returning();
    expect(row).toMatchObject({ maxStudents: 30, currentStudents: 0, status: "active" });
  });

  it("refuses current_students above max_students", async () => {
    const [row] = await ctx.db
      .insert(classes)
      .values({ ...classRow(), maxStudents: 2 })
      .returning();
    await ctx.db.update(classes).set({ currentStudents: 2 }).where(eq(classes.id, row!.id));
    expect(await violation(ctx.db.update(classes).set({ currentStudents: 3 }).where(eq(classes.id, row!.id)))).toBe(
      "classes_current_students_check",
    );
  });

  it("refuses max_students below 1", async () => {
    expect(await violation(ctx.db.insert(classes).values({ ...classRow(), maxStudents: 0 }))).toBe(
      "classes_max_students_check",
    );
  });

  it("refuses class dates in the wrong order", async () => {
    expect(await violation(ctx.db.insert(classes).values({ ...classRow(), enrollmentEndDate: "2024-12-31" }))).toBe(
      "classes_enrollment_window_check",
    );
    expect(await violation(ctx.db.insert(classes).values({ ...classRow(), enrollmentEndDate: "2025-03-01" }))).toBe(
      "classes_enrollment_before_start_check",
    );
    expect(await violation(ctx.db.insert(classes).values({ ...classRow(), endDate: "2025-01-15" }))).toBe(
      "classes_dates_check",
    );
  });

  it("keeps money exact to the cent in numeric(14,2)", async () => {
    const [row] = await ctx.db
      .insert(courses)
      .values({ name: "Preço", durationMonths: 1, price: 123456789012.34 })
      .returning();
    expect(row!.price).toBe(123456789012.34);
    const [{ type }] = (await ctx.db.execute(sql`select pg_typeof(price)::text as type from courses limit 1`)).rows as [
      { type: string },
    ];
    expect(type).toBe("numeric");
  });

  it("refuses to delete a course still referenced by an enrolment, and an enrolment with payments", async () => {
    const [enrollment] = await ctx.db.insert(enrollments).values(enrollmentRow(courseId)).returning();
    await ctx.db.insert(payments).values({
      enrollmentId: enrollment!.id,
      amount: 150000,
      paymentDate: "2025-02-01",
      paymentMethod: "transferencia",
      status: "confirmed",
    });
    expect(await violation(ctx.db.delete(courses).where(eq(courses.id, courseId)))).toMatch(/_fk$/);
    expect(await violation(ctx.db.delete(enrollments).where(eq(enrollments.id, enrollment!.id)))).toMatch(/_fk$/);
  });

  it("refuses values outside the SPEC's enumerations", async () => {
    const err = await ctx.pool
      .query("insert into courses (name, duration_months, price, area) values ('X', 1, 1, 'Astrologia')")
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(err?.message).toMatch(/invalid input value for enum course_area/);
  });
});
