import { RESET_LINK_PATH } from "../auth/reset-link";
import { MAIL_QUEUE, MAIL_QUEUE_SCHEMA } from "../mail/mail-queue";
import type { TableInfo } from "./archive";

/*
 * What a backup never carries (decision 081): whatever, beside the session secret the archive holds
 * (decision 065), would let its holder in without a password or a code. Users sign in again after a restore;
 * their passwords and second factors are kept.
 */

const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** Open sessions, and better-auth's verification rows (a sign-in's code step, a password-reset token). */
const LEFT_OUT_TABLES = new Set(["public.auth_session", "public.auth_verification"]);

/** A staff confirmation's kept answer: it may hold a generated student password, encrypted with the secret. */
const LEFT_OUT_COLUMNS: Record<string, string[]> = { "public.idempotent_requests": ["response"] };

/** Queued or kept e-mails that carry a password-reset link (its token opens the live installation). */
const LEFT_OUT_ROWS: Record<string, string> = {
  [`${MAIL_QUEUE_SCHEMA}.job`]: `name = '${MAIL_QUEUE}' and data->>'text' like '%${RESET_LINK_PATH}%'`,
};

export const isLeftOut = (t: { schema: string; name: string }) => LEFT_OUT_TABLES.has(key(t));

/** The tables a backup writes, with the columns it writes. */
export function tablesToBackUp(tables: TableInfo[]): TableInfo[] {
  return tables
    .filter((t) => !isLeftOut(t))
    .map((t) => {
      const columns = LEFT_OUT_COLUMNS[key(t)];
      return columns ? { ...t, columns: t.columns.filter((c) => !columns.includes(c)) } : t;
    });
}

/** The rows of `t` a backup leaves out, as a condition on them; undefined when it copies every row. */
export const rowsLeftOut = (t: { schema: string; name: string }): string | undefined => LEFT_OUT_ROWS[key(t)];
