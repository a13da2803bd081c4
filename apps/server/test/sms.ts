import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { enrollmentEvents, smsMessages } from "../src/db/schema";
import { type SmsSimulator, startSmsSimulator } from "../src/modules/sms/provider/simulator";
import type { SmsJobSettings } from "../src/modules/sms/sms-jobs";
import { createTestContext, type TestContext } from "./context";
import { serveOnRandomPort } from "./serve";

export const TEST_TWILIO_SID = `AC${"7e".repeat(16)}`;
export const TEST_TWILIO_TOKEN = "token-de-teste-twilio-0123456789";

/**
 * SMS on (decision 092): the Twilio simulator on a random port, a test context pointed at it, and the
 * app served over HTTP (a real socket) for the simulator's status callbacks.
 */
export async function startSmsContext(
  smsSettings: Partial<SmsJobSettings> = {},
  overrides: Record<string, string> = {},
) {
  const sim: SmsSimulator = await startSmsSimulator({
    accountSid: TEST_TWILIO_SID,
    authToken: TEST_TWILIO_TOKEN,
    callbackDelayMs: 20,
  });
  const ctx: TestContext = await createTestContext(
    {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: TEST_TWILIO_SID,
      TWILIO_AUTH_TOKEN: TEST_TWILIO_TOKEN,
      TWILIO_FROM: "INSTITUTO",
      TWILIO_BASE_URL: sim.url,
      ...overrides,
    },
    {},
    {},
    smsSettings,
  );
  const server = await serveOnRandomPort(ctx.app);
  const base = server.base;
  sim.setCallbackOrigin(base);
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

/** The enrolment's SMS rows, oldest first. */
export const smsOf = (ctx: TestContext, enrollmentId: string) =>
  ctx.db.select().from(smsMessages).where(eq(smsMessages.enrollmentId, enrollmentId)).orderBy(smsMessages.createdAt);

/** Waits until the enrolment's only SMS has this status. */
export async function smsStatusIs(ctx: TestContext, enrollmentId: string, status: string, timeout = 15_000) {
  await vi.waitFor(
    async () => {
      const rows = await smsOf(ctx, enrollmentId);
      if (rows.length !== 1 || rows[0]!.status !== status)
        throw new Error(`sms: ${rows.map((r) => r.status).join(", ") || "none"}`);
    },
    { timeout, interval: 50 },
  );
}

/** The enrolment's History lines about SMS: kind and note. */
export async function smsHistory(ctx: TestContext, enrollmentId: string) {
  const events = await ctx.db
    .select({ kind: enrollmentEvents.kind, note: enrollmentEvents.note })
    .from(enrollmentEvents)
    .where(eq(enrollmentEvents.enrollmentId, enrollmentId))
    .orderBy(enrollmentEvents.at);
  return events.filter((e) => e.kind?.startsWith("sms_"));
}
