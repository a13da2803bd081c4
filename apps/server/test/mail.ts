import { sql } from "drizzle-orm";
import { vi } from "vitest";
import type { Database } from "../src/db/client";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../src/mail/mail-queue";

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
