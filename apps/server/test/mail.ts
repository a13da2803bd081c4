import { sql } from "drizzle-orm";
import { vi } from "vitest";
import type { Database } from "../src/db/client";
import { enrollments } from "../src/db/schema";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../src/mail/mail-queue";
import { jsonRequest, staffActor } from "./actors";
import { body, type TestContext } from "./context";
import { enrollmentRow, insertCourse } from "./fixtures";

/**
 * Waits until the e-mail queue has nothing left to do: every e-mail a request enqueued has been sent
 * by the worker (written to the outbox, or given to SMTP_URL's server) or has failed for good. Tests
 * that read e-mails call it first: the request no longer sends them itself (decision 056).
 */
export async function mailSent(ctx: { db: Database }): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from ${sql.raw(`${MAIL_QUEUE_SCHEMA}.job`)}
        where name = ${MAIL_QUEUE} and state in ('created', 'retry', 'active')`);
      if (rows[0]!.n > 0) throw new Error(`${rows[0]!.n} e-mails still queued`);
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** How many e-mails were ever enqueued on this database (sent, waiting or failed). */
export async function queuedMails(ctx: { db: Database }): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${sql.raw(`${MAIL_QUEUE_SCHEMA}.job`)} where name = ${MAIL_QUEUE}`);
  return rows[0]!.n;
}

/**
 * A secretaria approving enrolments of one course: enrolments awaiting review (with an e-mail), and her
 * approval, which e-mails the reference code.
 */
export async function approvalDesk(ctx: TestContext, courseName: string) {
  const courseId = await insertCourse(ctx.db, { name: courseName, price: 80000 });
  const secretaria = await staffActor(ctx, "secretaria");
  return {
    async pending(email: string) {
      const [row] = await ctx.db
        .insert(enrollments)
        .values({ ...enrollmentRow(courseId), studentName: `Aluno ${email}`, studentEmail: email })
        .returning();
      return row!;
    },
    approve: (id: string, referenceCode: string) =>
      ctx.app.request(
        `/api/admin/enrollments/${id}/approve`,
        jsonRequest("POST", { referenceCode, documentsChecked: true, personalDataChecked: true }, secretaria.cookie),
      ),
    /** The enrolment as staff read it (GET /admin/enrollments/{id}). */
    read: async (id: string) =>
      body(await ctx.app.request(`/api/admin/enrollments/${id}`, { headers: { cookie: secretaria.cookie } })),
    /** 'Inscrições' as staff read it (GET /admin/enrollments), searched. */
    list: async (q: string) =>
      body(
        await ctx.app.request(`/api/admin/enrollments?q=${encodeURIComponent(q)}`, {
          headers: { cookie: secretaria.cookie },
        }),
      ),
  };
}
export type ApprovalDesk = Awaited<ReturnType<typeof approvalDesk>>;
