import { columnLabel, type ImportKindSpec, type ImportOutcome } from "@app/shared/data-import/kinds";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import type { Sms } from "../sms/sms-setup";
import { problem } from "./import-rows";

/** What importing a row will do (decision 097): its outcome and, unless it is 'igual' or an error, the write. */
export type PlannedRow = {
  line: number;
  /** The row's natural key as the preview shows it. */
  key: string;
  outcome: ImportOutcome;
  reason: string | null;
  apply?: (tx: Tx, run: ImportRun) => Promise<void>;
};

/** What the writes of one import share. */
export type ImportRun = {
  actorUserId: string;
  /** Set when SMS is configured and staff asked for the access to go by SMS too. */
  sms?: Sms;
  /** The accounts created, with their temporary password (shown once, for the secretariat's list). */
  credentials: { studentCode: string; studentName: string; studentPhone: string; studentPassword: string }[];
  /** Temporary passwords hashed before the transaction, for the new accounts (import-passwords.ts). */
  passwords: TemporaryPasswords;
};

export type TemporaryPasswords = { take: (count: number) => Promise<{ password: string; hash: string }[]> };

/** A kind's rows planned, and how to write those that are new or updated (all of them, in one transaction). */
export type ImportPlan = {
  rows: PlannedRow[];
  /** The student accounts the write will create (each gets a temporary password). */
  newAccounts: number;
  write: (tx: Tx, run: ImportRun) => Promise<void>;
};

/** Lets other requests in between two batches or every ROWS_PER_TURN rows of a loop (as the statements do). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
export const ROWS_PER_TURN = 500;
/** Rows per multi-row INSERT (the statements' size; a statement holds at most 65 535 parameters). */
export const INSERT_BATCH = 1000;

/** A plan whose rows write themselves one after the other: the kinds an institute has a few hundred of. */
export function rowByRow(rows: PlannedRow[]): ImportPlan {
  return {
    rows,
    newAccounts: 0,
    write: async (tx, run) => {
      for (const [i, row] of rows.entries()) {
        if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
        await row.apply?.(tx, run);
      }
    },
  };
}

export const refused = (line: number, key: string, reason: string): PlannedRow => ({
  line,
  key,
  outcome: "erro",
  reason,
});

/** A row read by the form's own schema: its value, or the first issue naming the column (`labels` maps paths). */
export function bySchema<S extends z.ZodType>(
  spec: ImportKindSpec,
  schema: S,
  input: Record<string, unknown>,
  paths: Record<string, string> = {},
): { data: z.output<S> } | { error: string } {
  // An empty cell is an absent field: the form's default applies (e.g. 'Estado' → Ativo).
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)));
  if (parsed.success) return { data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const path = String(issue.path[0] ?? "");
  return { error: problem(columnLabel(spec, paths[path] ?? path), issue.message) };
}

/** Whether every field of `next` equals the row's (null and undefined alike; numbers by value). */
export function sameFields(row: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([k, v]) => {
    const a = row[k] ?? null;
    const b = v ?? null;
    return typeof a === "number" || typeof b === "number"
      ? Number(a) === Number(b) && (a === null) === (b === null)
      : a === b;
  });
}

export const planned = (
  line: number,
  key: string,
  outcome: ImportOutcome,
  apply?: PlannedRow["apply"],
): PlannedRow => ({
  line,
  key,
  outcome,
  reason: null,
  apply: outcome === "igual" ? undefined : apply,
});
