import type { AddressInfo } from "node:net";
import { todayInLuanda } from "@app/shared/dates";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentActor } from "../../test/actors";
import { createTestContext, TEST_BASE_URL, type TestContext } from "../../test/context";
import {
  enrollmentForm,
  enrollmentFormFields,
  enrollmentRow,
  type FormFile,
  insertCourse,
  PDF,
  PNG,
} from "../../test/fixtures";
import { streamedPost } from "../../test/streamed-post";
import { enrollments, studentAccounts } from "../db/schema";

const TOO_LARGE = "Pedido muito grande. Tamanho máximo: 64 KB";

describe("request bodies other than uploads: 64 KB at most, refused before they are read", () => {
  let ctx: TestContext;
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await ctx.close();
  });

  it("answers a 40 MB JSON to the student sign-in 413 in Portuguese, at once, from its Content-Length", async () => {
    const answer = await streamedPost(base, "/api/auth/student/sign-in", 40 * 1024 * 1024, "content-length");
    expect(answer.status).toBe(413);
    expect(answer.body.error).toEqual({ code: "request_too_large", message: TOO_LARGE });
    expect(answer.ms).toBeLessThan(2000);
    expect(answer.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it("answers 413 to a body sent chunked without a Content-Length once it passes 64 KB", async () => {
    const answer = await streamedPost(base, "/api/auth/student/sign-in", 8 * 1024 * 1024, "chunked");
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe(TOO_LARGE);
    expect(answer.ms).toBeLessThan(2000);
  });

  it("does so on every JSON route, signed in or not, and reads a body of 64 KB", async () => {
    for (const path of [
      "/api/auth/sign-in",
      "/api/auth/sign-up",
      "/api/auth/password/forgot",
      "/api/student-accounts",
      "/api/admin/courses",
      "/api/admin/settings/institute",
    ]) {
      const answer = await streamedPost(base, path, 64 * 1024 + 1, "content-length");
      expect({ path, status: answer.status, message: answer.body.error?.message }).toEqual({
        path,
        status: 413,
        message: TOO_LARGE,
      });
    }
    // 64 KB exactly is read: the sign-in then finds it is not valid JSON (400), not too large.
    expect((await streamedPost(base, "/api/auth/student/sign-in", 64 * 1024, "chunked")).status).toBe(400);
    expect((await streamedPost(base, "/api/auth/student/sign-in", 64 * 1024, "content-length")).status).toBe(400);
  });

  it("still takes uploads up to their own limits: three 5 MB documents, a 5 MB receipt", async () => {
    const courseId = await insertCourse(ctx.db, { name: "Marketing Digital" });
    const student = await studentActor(ctx, "Joana Lunda");
    const pdf5mb = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES - PDF.length, 32)]);
    const png5mb = Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES - PNG.length)]);

    const documents = enrollmentForm(
      enrollmentFormFields(courseId),
      Object.fromEntries(
        ["idCardFront", "idCardBack", "certificate"].map((f) => [
          f,
          [pdf5mb, `${f}.pdf`, "application/pdf"] as FormFile,
        ]),
      ),
    );
    const headers = { cookie: student.cookie, origin: TEST_BASE_URL };
    const submitted = await fetch(`${base}/api/me/enrollments`, { method: "POST", body: documents, headers });
    expect(submitted.status).toBe(201);

    const [account] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, student.studentCode));
    const [enrollment] = await ctx.db
      .insert(enrollments)
      .values({
        ...enrollmentRow(courseId),
        studentAccountId: account!.id,
        userId: account!.userId,
        status: "approved",
        paymentReferenceCode: "REFGRANDE1",
      })
      .returning();
    const receipt = new FormData();
    receipt.append("enrollmentId", enrollment!.id);
    receipt.append("paidAmount", "100 000,00");
    receipt.append("paymentDate", todayInLuanda());
    receipt.append("file", new File([png5mb], "talao.png", { type: "image/png" }));
    const sent = await fetch(`${base}/api/me/receipts`, { method: "POST", body: receipt, headers });
    expect(sent.status).toBe(201);
  });
});
