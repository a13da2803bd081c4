import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApprovalDesk, approvalDesk } from "../../../test/mail";
import { smsOf, smsStatusIs, startSmsContext } from "../../../test/sms";
import { enrollments, instituteSettings } from "../../db/schema";

/** The caps that protect the institute's money (decision 092): past them an SMS waits for the next day. */
describe("SMS daily caps", () => {
  let s: Awaited<ReturnType<typeof startSmsContext>>;
  let desk: ApprovalDesk;
  beforeAll(async () => {
    s = await startSmsContext();
    desk = await approvalDesk(s.ctx, "Marketing Digital");
  });
  afterAll(() => s.close());

  async function approve(email: string, phone: string, code: string) {
    const row = await desk.pending(email);
    await s.ctx.db.update(enrollments).set({ studentPhone: phone }).where(eq(enrollments.id, row.id));
    expect((await desk.approve(row.id, code)).status).toBe(200);
    return row.id;
  }

  it("past the institute's daily cap, the next SMS is held for tomorrow and not sent", async () => {
    await s.ctx.db.update(instituteSettings).set({ smsDailyCap: 1 });
    const first = await approve("cap1@exemplo.ao", "923710011", "CAP0001");
    await smsStatusIs(s.ctx, first, "delivered");
    const second = await approve("cap2@exemplo.ao", "923710022", "CAP0002");
    await smsStatusIs(s.ctx, second, "held");
    expect(s.sim.attempts.get("+244923710022")).toBeUndefined();
    await s.ctx.db.update(instituteSettings).set({ smsDailyCap: 500 });
  });

  it("past the per-number cap, another SMS to the same number waits", async () => {
    await s.ctx.db.update(instituteSettings).set({ smsPerStudentDailyCap: 1 });
    const first = await approve("cap3@exemplo.ao", "923710033", "CAP0003");
    await smsStatusIs(s.ctx, first, "delivered");
    const other = await approve("cap4@exemplo.ao", "923710044", "CAP0004");
    await smsStatusIs(s.ctx, other, "delivered");
    const again = await approve("cap5@exemplo.ao", "923710033", "CAP0005");
    await smsStatusIs(s.ctx, again, "held");
    expect(s.sim.messages.filter((m) => m.to === "+244923710033")).toHaveLength(1);
    expect((await smsOf(s.ctx, again))[0]!.claimedAt).toBeNull();
  });
});
