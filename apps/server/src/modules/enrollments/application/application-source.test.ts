import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentActor } from "../../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../../test/context";
import {
  ENROLLMENT_DOCUMENT_FILES,
  enrollmentForm,
  enrollmentFormFields,
  insertCourse,
} from "../../../../test/fixtures";
import { enrollments } from "../../../db/schema";

/** 'Como soube deste curso?' on the student's form (issue 37, decision 093). */
describe("where an applicant heard of the course", () => {
  let ctx: TestContext;
  let courseId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Fotografia Digital" });
  });
  afterAll(() => ctx.close());

  const sourceOf = async (name: string, source?: string) => {
    const s = await studentActor(ctx, name);
    const fields = { ...enrollmentFormFields(courseId), ...(source === undefined ? {} : { source }) };
    const res = await ctx.app.request("/api/me/enrollments", {
      method: "POST",
      body: enrollmentForm(fields, ENROLLMENT_DOCUMENT_FILES),
      headers: { cookie: s.cookie, origin: TEST_BASE_URL },
    });
    expect(res.status).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, (await body(res)).id));
    return row!.source;
  };

  it("stores the answer folded into the known list; anything else, however long, as 'outro'", async () => {
    expect(await sourceOf("Origem Whats", " WhatsApp ")).toBe("whatsapp");
    expect(await sourceOf("Origem Radio", "rádio")).toBe("radio");
    expect(await sourceOf("Origem Estranha", "jornal-da-escola")).toBe("outro");
    expect(await sourceOf("Origem Longa", "x".repeat(5000))).toBe("outro");
  });

  it("stores nothing when the applicant did not say", async () => {
    expect(await sourceOf("Origem Nenhuma", "")).toBeNull();
    expect(await sourceOf("Origem Omitida")).toBeNull();
  });
});
