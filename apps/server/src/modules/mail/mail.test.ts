import { MAIL_FAILURE_DETAILS, MAIL_FAILURE_REASONS } from "@app/shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { approvalDesk, mailSent } from "../../../test/mail";
import { freePort, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";

/**
 * 'N e-mails não foram enviados' on the super_admin's dashboard (decision 056): an e-mail whose mail
 * server is down is listed after 3 tries while it is still retried, then as failed; 'Tentar de novo'
 * sends it once the server is back. Only a super_admin sees the list or re-queues.
 */
describe("e-mails that keep failing", () => {
  let ctx: TestContext;
  let port: number;
  let sink: SmtpSink | undefined;
  let superAdmin: { cookie: string };
  let admin: { cookie: string };

  beforeAll(async () => {
    port = await freePort(); // the mail server is down: every try is refused at once
    // 4 tries, 1–2 then 2–4 seconds apart; after the third, 4–8 seconds: time to see it retrying.
    ctx = await createTestContext(
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      {},
      { retryLimit: 3, retryDelaySeconds: 2, retryDelayMaxSeconds: 30 },
    );
    superAdmin = await staffActor(ctx, "super_admin");
    admin = await staffActor(ctx, "admin");
  });
  afterAll(async () => {
    await ctx.close();
    await sink?.close();
  });

  const failures = async (cookie = superAdmin.cookie) => {
    const res = await ctx.app.request("/api/admin/mail/failures", jsonRequest("GET", undefined, cookie));
    expect(res.status).toBe(200);
    return (await body(res)).failures as { id: string; state: string; tries: number }[];
  };
  const requeue = (id: string, cookie = superAdmin.cookie) =>
    ctx.app.request(`/api/admin/mail/failures/${id}/requeue`, jsonRequest("POST", undefined, cookie));

  it("lists an e-mail retried after 3 tries, then failed; 'Tentar de novo' tries again now, and sends it once the server is back", async () => {
    const desk = await approvalDesk(ctx, "Secretariado");
    const row = await desk.pending("dora@exemplo.ao");
    expect((await desk.approve(row.id, "FALHA001")).status).toBe(200);
    expect(await failures()).toEqual([]); // not yet: the first tries are nobody's concern

    const retrying = await vi.waitFor(
      async () => {
        const [f] = await failures();
        if (!f) throw new Error("not listed yet");
        return f;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(retrying).toMatchObject({
      to: "dora@exemplo.ao",
      subject: expect.stringContaining("FALHA001"),
      tries: 3,
      state: "retrying",
      error: MAIL_FAILURE_REASONS.connection,
      technicalDetail: MAIL_FAILURE_DETAILS.connection,
      lastTryAt: expect.any(String),
      nextTryAt: expect.any(String),
    });

    // 'Tentar de novo' on a retrying e-mail: no more waiting for the backoff; the fourth try fails too.
    const due = async () =>
      (
        await ctx.db.execute<{ due: boolean }>(
          sql`select start_after <= now() as due from pgboss.job where id = ${retrying.id}`,
        )
      ).rows[0]!.due;
    expect(await due()).toBe(false);
    expect((await requeue(retrying.id)).status).toBe(200);
    expect(await due()).toBe(true);

    const failed = await vi.waitFor(
      async () => {
        const [f] = await failures();
        if (f?.state !== "failed") throw new Error("still retrying");
        return f;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failed).toMatchObject({ id: retrying.id, tries: 4, state: "failed", nextTryAt: null });

    // Another role cannot re-queue it (nor see it); the super_admin can, once the server is up.
    const refused = await requeue(failed.id, admin.cookie);
    expect(refused.status).toBe(403);
    expect((await body(refused)).error.message).toBe("Só o Super Administrador vê e reenvia os e-mails não enviados");
    expect(
      (await ctx.app.request("/api/admin/mail/failures", jsonRequest("GET", undefined, admin.cookie))).status,
    ).toBe(403);
    expect((await failures())[0]).toMatchObject({ id: failed.id, state: "failed" });

    sink = await startSmtpSink({ port });
    const res = await requeue(failed.id);
    expect(res.status).toBe(200);
    // Answered at once with the list: the e-mail reads as retrying now, unless it was sent already.
    const after = (await body(res)).failures as { state: string }[];
    expect(after.filter((f) => f.state === "failed")).toEqual([]);
    const mail = await sink.waitForMailTo("dora@exemplo.ao");
    expect(mail.text).toContain("FALHA001");
    await mailSent(ctx);
    expect(await failures()).toEqual([]);
    expect(sink.received).toHaveLength(1);

    // Sent: a second 'Tentar de novo' (another tab) is refused; an unknown e-mail is 404.
    const again = await requeue(failed.id);
    expect(again.status).toBe(409);
    expect((await body(again)).error.message).toBe("Este e-mail já foi enviado");
    expect((await requeue("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
