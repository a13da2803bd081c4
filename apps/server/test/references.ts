import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { paymentReferences } from "../src/db/schema";
import { type Simulator, startSimulator } from "../src/modules/payment-references/provider/simulator";
import { jsonRequest } from "./actors";
import { createTestContext, type TestContext } from "./context";
import { studentWithEnrollment } from "./receipts";
import { serveOnRandomPort } from "./serve";

export const TEST_PROXYPAY_KEY = "chave-de-teste-proxypay-0123456789";
export const TEST_PROXYPAY_ENTITY = "12345";

/**
 * Multicaixa references on (decision 075): the ProxyPay simulator on a random port, a test context
 * pointed at it, and the app served over HTTP (a real socket) for the simulator's webhooks.
 */
export async function startReferencesContext() {
  const sim: Simulator = await startSimulator({ apiKey: TEST_PROXYPAY_KEY, entity: TEST_PROXYPAY_ENTITY });
  const ctx: TestContext = await createTestContext({
    PROXYPAY_API_KEY: TEST_PROXYPAY_KEY,
    PROXYPAY_ENTITY: TEST_PROXYPAY_ENTITY,
    PROXYPAY_BASE_URL: sim.url,
  });
  const server = await serveOnRandomPort(ctx.app);
  const base = server.base;
  sim.setWebhookUrl(`${base}/api/payment-references/webhook`);
  return {
    sim,
    ctx,
    base,
    async close() {
      await server.close();
      await ctx.close();
      await sim.close();
    },
  };
}

/** A student whose enrolment the secretaria approves through the API; the reference is made by the queue. */
export async function approvedWithReference(
  ctx: TestContext,
  secretariaCookie: string,
  courseId: string,
  name: string,
  extra: Record<string, unknown> = {},
  studentPhone = "923000000",
) {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@exemplo.ao`;
  const s = await studentWithEnrollment(ctx, courseId, name, {
    status: "pre_inscrito",
    paymentReferenceCode: null,
    studentEmail: email,
    studentPhone,
  });
  const res = await ctx.app.request(
    `/api/admin/enrollments/${s.enrollment.id}/approve`,
    jsonRequest(
      "POST",
      { referenceCode: `MC-${s.studentCode}`, documentsChecked: true, personalDataChecked: true, ...extra },
      secretariaCookie,
    ),
  );
  expect(res.status).toBe(200);
  const ref = await vi.waitFor(
    async () => {
      const [row] = await ctx.db
        .select()
        .from(paymentReferences)
        .where(eq(paymentReferences.enrollmentId, s.enrollment.id));
      if (row?.status !== "active") throw new Error("reference not created yet");
      return row;
    },
    { timeout: 15_000, interval: 100 },
  );
  return { ...s, email, ref };
}
