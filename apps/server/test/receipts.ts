import { todayInLuanda } from "@app/shared/dates";
import { eq } from "drizzle-orm";
import { enrollments, studentAccounts } from "../src/db/schema";
import { studentActor } from "./actors";
import { type ApiContext, TEST_BASE_URL } from "./context";
import { enrollmentRow, PNG } from "./fixtures";

/**
 * A signed-in student (created through the API) with an enrolment in `courseId`, approved with a reference
 * code unless `overrides` say otherwise: who may send a receipt on /aluno/pagamento.
 */
export async function studentWithEnrollment(
  ctx: ApiContext,
  courseId: string,
  name: string,
  overrides: Record<string, unknown> = {},
) {
  const s = await studentActor(ctx, name);
  const [account] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, s.studentCode));
  const [enrollment] = await ctx.db
    .insert(enrollments)
    .values({
      ...enrollmentRow(courseId),
      studentName: name,
      studentAccountId: account!.id,
      userId: account!.userId,
      status: "approved",
      paymentReferenceCode: `REF-${s.studentCode}`,
      ...overrides,
    })
    .returning();
  return { ...s, accountId: account!.id, enrollment: enrollment! };
}

/** The multipart form /aluno/pagamento sends: 150.000,00 Kz paid today with a PNG, unless told otherwise. */
export function receiptForm(
  enrollmentId: string,
  overrides: Record<string, string> = {},
  file: [Buffer, string, string] | null = [PNG, "talão.png", "image/png"],
) {
  const fd = new FormData();
  const fields = { enrollmentId, paidAmount: "150.000,00", paymentDate: todayInLuanda(), ...overrides };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append("file", new File([file[0]], file[1], { type: file[2] }));
  return fd;
}

/** POST /api/me/receipts as the student's browser sends it. */
export const submitReceipt = (ctx: ApiContext, cookie: string, fd: FormData, app = ctx.app) =>
  app.request("/api/me/receipts", { method: "POST", body: fd, headers: { cookie, origin: TEST_BASE_URL } });
