import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { body, createTestContext, TEST_MAIL_SETTINGS, type TestContext } from "../../test/context";
import { type ApprovalDesk, approvalDesk, mailSent, queuedMails } from "../../test/mail";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { enrollments } from "../db/schema";
import { createLogger } from "../logger";
import { createMailQueue, type MailQueue } from "./mail-queue";
import { createMailer } from "./mailer";

const statusOf = async (ctx: TestContext, id: string) =>
  (await ctx.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.s;

/**
 * Issue 23: with an SMTP server that accepts the connection and never greets, an approval answered
 * after ~30 s. The e-mail is now enqueued in the approval's transaction and sent by the worker.
 */
describe("an SMTP server that accepts and stalls", () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let desk: ApprovalDesk;

  beforeAll(async () => {
    sink = await startSmtpSink({ stalled: true });
    ctx = await createTestContext({ SMTP_URL: sink.url });
    desk = await approvalDesk(ctx, "Contabilidade Geral");
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("does not hold the approval: it answers while the sink is stalled, and the e-mail arrives once it recovers", async () => {
    const row = await desk.pending("ana.stall@exemplo.ao");
    const res = await desk.approve(row.id, "STALL001");
    expect(res.status).toBe(200);
    expect((await body(res)).referenceEmail).toBe("queued");
    // The worker is now connected to the sink, which has greeted nobody: nothing was delivered.
    await sink.waitForStalledConnections(1);
    expect(sink.stalledConnections()).toBe(1);
    expect(sink.received).toEqual([]);

    // Not sent yet, so not 'Aprovado (Código Enviado)' (decision 084).
    expect(await desk.read(row.id)).toMatchObject({
      status: "approved",
      codeSent: false,
      paymentReferenceSentAt: null,
    });

    sink.recover();
    const mail = await sink.waitForMailTo("ana.stall@exemplo.ao");
    expect(mail.text).toContain("STALL001");
    await mailSent(ctx);
    expect(sink.received).toHaveLength(1);
    // Delivered: the code counts as sent from then on.
    await vi.waitFor(async () => expect((await desk.read(row.id)).codeSent).toBe(true));
    const sentAt = Date.parse((await desk.read(row.id)).paymentReferenceSentAt);
    expect(sentAt).toBeGreaterThan(Date.parse((await desk.read(row.id)).approvalDate));
  });
});

describe("a restart while the SMTP server stalls", () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let next: MailQueue | undefined;
  let desk: ApprovalDesk;

  beforeAll(async () => {
    sink = await startSmtpSink({ stalled: true });
    ctx = await createTestContext({ SMTP_URL: sink.url });
    desk = await approvalDesk(ctx, "Gestão de Projetos");
  });
  afterAll(async () => {
    await next?.stop();
    await ctx.close();
    await sink.close();
  });

  it("loses nothing and sends nothing twice", async () => {
    const first = await desk.pending("bruno.restart@exemplo.ao");
    const second = await desk.pending("carla.restart@exemplo.ao");
    expect((await desk.approve(first.id, "RESTART1")).status).toBe(200);
    expect((await desk.approve(second.id, "RESTART2")).status).toBe(200);
    // One e-mail is being delivered (stuck on the sink), the other waits in the queue.
    await sink.waitForStalledConnections(1);

    // The instance stops: the delivery in progress is cut and its connection closed, the job kept.
    await ctx.mail.stop();
    await vi.waitFor(() => expect(sink.stalledConnections()).toBe(0));
    expect(await queuedMails(ctx)).toBe(2);

    // Another instance starts on the same database; the sink recovers (a connection the stopped
    // instance had left open would be let through now, and deliver a second copy).
    next = createMailQueue(
      { databaseUrl: ctx.databaseUrl, db: ctx.db, log: createLogger("silent") },
      TEST_MAIL_SETTINGS,
    );
    await next.start();
    await next.work(createMailer(ctx.config, createLogger("silent")));
    sink.recover();

    await sink.waitForMailTo("bruno.restart@exemplo.ao");
    await sink.waitForMailTo("carla.restart@exemplo.ao");
    await mailSent(ctx);
    expect(sink.received.map((m) => m.to).sort()).toEqual([["bruno.restart@exemplo.ao"], ["carla.restart@exemplo.ao"]]);
    expect(await queuedMails(ctx)).toBe(2);
  });
});

describe("a refused approval", () => {
  let ctx: TestContext;
  let desk: ApprovalDesk;

  beforeAll(async () => {
    ctx = await createTestContext();
    desk = await approvalDesk(ctx, "Fotografia");
  });
  afterAll(() => ctx.close());

  it("enqueues nothing when it is refused (a code already taken)", async () => {
    const taken = await desk.pending("primeiro@exemplo.ao");
    expect((await desk.approve(taken.id, "TAKEN001")).status).toBe(200);
    await mailSent(ctx);
    const before = await queuedMails(ctx);

    const row = await desk.pending("segundo@exemplo.ao");
    const res = await desk.approve(row.id, "TAKEN001");
    expect(res.status).toBe(409);
    expect(await queuedMails(ctx)).toBe(before);
  });

  it("leaves no e-mail behind when the transaction rolls back after the e-mail was enqueued", async () => {
    // PostgreSQL refuses this approval at COMMIT, after the service enqueued its e-mail in the transaction.
    await ctx.db.execute(sql`
      create function refuse_at_commit() returns trigger language plpgsql as $$
      begin
        if new.payment_reference_code = 'ROLLBACK' then raise exception 'refused at commit'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`
      create constraint trigger refuse_at_commit after update on enrollments
      deferrable initially deferred for each row execute function refuse_at_commit()`);
    const before = await queuedMails(ctx);

    const row = await desk.pending("terceiro@exemplo.ao");
    const res = await desk.approve(row.id, "ROLLBACK");
    expect(res.status).toBe(500);
    expect(await statusOf(ctx, row.id)).toBe("pre_inscrito");
    expect(await queuedMails(ctx)).toBe(before);
  });
});
