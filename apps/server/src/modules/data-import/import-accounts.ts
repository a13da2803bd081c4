import { randomUUID } from "node:crypto";
import { studentEmail } from "../../auth/auth";
import type { Tx } from "../../db/client";
import { authAccount, authUser, studentAccounts } from "../../db/schema";
import { queueSms } from "../sms/queue-sms";
import { credentialsSms } from "../sms/templates";
import { generateStudentCode } from "../student-accounts/credentials";
import { type ImportRun, INSERT_BATCH, nextTurn } from "./import-plan";

export type Account = typeof studentAccounts.$inferSelect;
export type AccountFields = Pick<Account, "studentName" | "studentPhone" | "studentEmail"> & { biNumber?: string };

/** A code taken between the plan and the insert (another account made meanwhile) is drawn again, this often. */
const MAX_CODE_TRIES = 8;

/** Splits `rows` into INSERT_BATCH-sized slices, letting other requests in between two. */
export async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += INSERT_BATCH) {
    if (at > 0) await nextTurn();
    await write(rows.slice(at, at + INSERT_BATCH));
  }
}

/**
 * A code from `draw` (a student code, a reference code) neither stored (`inUse`, loaded under the import's
 * lock) nor drawn already by this import; it joins `inUse`.
 */
export function unusedCode(draw: () => string, inUse: Set<string>): string {
  for (;;) {
    const code = draw();
    if (!inUse.has(code)) {
      inUse.add(code);
      return code;
    }
  }
}

/**
 * The new students' accounts, as `insertStudentAccount` makes one (auth user with the code's synthetic
 * e-mail, credential, account row; `enrollmentCompleted`), in multi-row INSERTs, with the temporary passwords
 * hashed before the transaction. Each account's code and password go to the secretariat's list and, when
 * asked and SMS is configured, by SMS (queued in this transaction). Answers the accounts in `wanted`'s order.
 */
export async function createAccounts(
  tx: Tx,
  run: ImportRun,
  wanted: AccountFields[],
  codesInUse: Set<string>,
): Promise<Account[]> {
  const secrets = await run.passwords.take(wanted.length);
  const drafts = wanted.map((fields, i) => ({
    fields,
    ...secrets[i]!,
    userId: randomUUID(),
    code: unusedCode(generateStudentCode, codesInUse),
  }));
  let pending = drafts;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_CODE_TRIES) throw new Error("could not draw free student codes");
    const inserted = new Set<string>();
    await inBatches(pending, async (batch) => {
      const rows = await tx
        .insert(authUser)
        .values(batch.map((d) => ({ id: d.userId, name: d.fields.studentName, email: studentEmail(d.code) })))
        .onConflictDoNothing({ target: authUser.email })
        .returning({ id: authUser.id });
      for (const { id } of rows) inserted.add(id);
    });
    pending = pending.filter((d) => !inserted.has(d.userId));
    for (const d of pending) d.code = unusedCode(generateStudentCode, codesInUse);
  }
  await inBatches(drafts, (batch) =>
    tx.insert(authAccount).values(
      batch.map((d) => ({
        id: randomUUID(),
        accountId: d.userId,
        providerId: "credential",
        userId: d.userId,
        password: d.hash,
      })),
    ),
  );
  const byUser = new Map<string, Account>();
  await inBatches(drafts, async (batch) => {
    const rows = await tx
      .insert(studentAccounts)
      .values(
        batch.map((d) => ({
          userId: d.userId,
          studentName: d.fields.studentName,
          studentPhone: d.fields.studentPhone,
          studentEmail: d.fields.studentEmail,
          biNumber: d.fields.biNumber ?? null,
          studentCode: d.code,
          enrollmentCompleted: true,
        })),
      )
      .returning();
    for (const row of rows) byUser.set(row.userId, row);
  });
  const made = drafts.map((d) => ({ account: byUser.get(d.userId)!, password: d.password }));
  for (const { account, password } of made) {
    run.credentials.push({
      studentCode: account.studentCode,
      studentName: account.studentName,
      studentPhone: account.studentPhone,
      studentPassword: password,
    });
    await queueSms(tx, run.sms, {
      key: `import-credentials:${account.id}`,
      enrollmentId: null,
      phone: account.studentPhone,
      template: "credentials",
      body: credentialsSms({ studentCode: account.studentCode, password }),
    });
  }
  return made.map((m) => m.account);
}
