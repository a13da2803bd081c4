import { todayInLuanda } from "@app/shared/dates";
import { eq } from "drizzle-orm";
import { enrollments, studentAccounts } from "../src/db/schema";
import { studentActor } from "./actors";
import type { TestContext } from "./context";
import { TEST_BASE_URL } from "./context";
import { enrollmentRow, PNG } from "./fixtures";

let codes = 0;

/**
 * A signed-in student (account made through the API) with an enrolment of `courseId` inserted as staff
 * would have left it: approved, with a unique payment reference code, unless `overrides` say otherwise.
 */
export async function studentWithEnrollment(
  ctx: TestContext,
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
      paymentReferenceCode: `REF${++codes}X`,
      ...overrides,
    })
    .returning();
  return { ...s, accountId: account!.id, enrollment: enrollment! };
}

/** The receipt form as /aluno/pagamento sends it (150 000 kz paid today, a PNG), with `fields` and `file` replaced. */
export function receiptForm(
  enrollmentId: string,
  fields: Record<string, string> = {},
  file: [Buffer, string, string] | null = [PNG, "talão.png", "image/png"],
) {
  const fd = new FormData();
  const values = { enrollmentId, paidAmount: "150.000,00", paymentDate: todayInLuanda(), ...fields };
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  if (file) fd.append("file", new File([file[0]], file[1], { type: file[2] }));
  return fd;
}

/** POST /api/receipts/mine as the signed-in student `cookie`. */
export function submitReceipt(ctx: Pick<TestContext, "app">, cookie: string, fd: FormData) {
  return ctx.app.request("/api/receipts/mine", {
    method: "POST",
    body: fd,
    headers: { cookie, origin: TEST_BASE_URL },
  });
}
