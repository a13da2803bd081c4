import type { StatementTable } from "@app/shared/bank-statements/table";
import { DATA_IMPORT_MESSAGES, IMPORT_PREVIEW_PAGE_SIZE } from "@app/shared/contract/data-import.schemas";
import {
  headerMapping,
  IMPORT_KINDS,
  IMPORT_OUTCOMES,
  IMPORT_SPECS,
  type ImportKind,
  type ImportMapping,
  type ImportOutcome,
} from "@app/shared/data-import/kinds";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE, REQUIRED_FIELDS, statementFileUnreadable } from "@app/shared/messages";
import { eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { importColumnMappings } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { NOT_A_STATEMENT } from "../bank-statements/statement-file";
import type { StatementReader } from "../bank-statements/statement-reader";
import type { Sms } from "../sms/sms-setup";
import { temporaryPasswords } from "./import-passwords";
import type { ImportPlan, ImportRun, PlannedRow } from "./import-plan";
import { type SheetRow, sheetRows } from "./import-rows";
import { planClasses } from "./plan-classes";
import { planCourses } from "./plan-courses";
import { planStudents } from "./plan-students";
import { planTeachers } from "./plan-teachers";

/**
 * 'Importar dados' (issue 38, decision 097): a sheet read by the statements' reader (off the main thread, within
 * its limits), its columns mapped (proposed from the header, else the mapping kept for the kind), each row
 * planned against what is stored; the preview writes nothing, the import writes every planned row in one
 * transaction.
 */

export type ImportDeps = { db: Database; statements: StatementReader; sms?: Sms };
type Form = Record<string, unknown>;
const issue = (path: string, message: string) => ApiError.of(400, REQUIRED_FIELDS, [{ path, message }]);

const PLANNERS: Record<ImportKind, (db: Database | Tx, rows: SheetRow[]) => Promise<ImportPlan>> = {
  cursos: planCourses,
  professores: planTeachers,
  turmas: planClasses,
  alunos: planStudents,
};

async function readForm(statements: StatementReader, form: Form) {
  const kind = IMPORT_KINDS.find((k) => k === form.kind);
  if (!kind) throw issue("kind", DATA_IMPORT_MESSAGES.kind);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw issue("file", DATA_IMPORT_MESSAGES.file);
  if (file.size > MAX_FILE_BYTES) throw ApiError.of(413, FILE_TOO_LARGE);
  const table = await statements.read(new Uint8Array(await file.arrayBuffer()));
  if ("error" in table) {
    // The shared reader names the statements' formats when the file is no table at all: say the import's.
    const reason = table.error === NOT_A_STATEMENT ? DATA_IMPORT_MESSAGES.format : table.error;
    throw ApiError.of(400, statementFileUnreadable(reason), [{ path: "file", message: reason }]);
  }
  if (table.format !== "csv" && table.format !== "xlsx") throw issue("file", DATA_IMPORT_MESSAGES.format);
  return { kind, table };
}

const widthOf = (table: StatementTable) => table.header?.length ?? table.rows[0]?.cells.length ?? 0;

/** The mapping sent (JSON: column key → index or null), within the table's columns; 400 when it is wrong. */
function sentMapping(kind: ImportKind, form: Form, width: number): ImportMapping | null {
  if (form.mapping === undefined || form.mapping === "") return null;
  let json: unknown;
  try {
    json = JSON.parse(String(form.mapping));
  } catch {
    throw issue("mapping", DATA_IMPORT_MESSAGES.mapping);
  }
  if (typeof json !== "object" || json === null) throw issue("mapping", DATA_IMPORT_MESSAGES.mapping);
  const entries = IMPORT_SPECS[kind].columns.map((c) => {
    const i = (json as Record<string, unknown>)[c.key] ?? null;
    if (i !== null && !(Number.isInteger(i) && (i as number) >= 0 && (i as number) < width)) {
      throw issue("mapping", DATA_IMPORT_MESSAGES.mapping);
    }
    return [c.key, i as number | null] as const;
  });
  return Object.fromEntries(entries);
}

/** The header's names first; a column the header does not name takes the kind's kept mapping, if it fits. */
async function proposedMapping(db: Database | Tx, kind: ImportKind, table: StatementTable): Promise<ImportMapping> {
  const byHeader = headerMapping(IMPORT_SPECS[kind], table.header);
  const [kept] = await db.select().from(importColumnMappings).where(eq(importColumnMappings.kind, kind));
  const width = widthOf(table);
  for (const [key, index] of Object.entries(kept?.mapping ?? {})) {
    if (byHeader[key] === null && index !== null && index < width && !Object.values(byHeader).includes(index)) {
      byHeader[key] = index;
    }
  }
  return byHeader;
}

function countOf(rows: PlannedRow[]) {
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as Record<ImportOutcome, number>;
  for (const r of rows) counts[r.outcome]++;
  return counts;
}

const shown = ({ line, key, outcome, reason }: PlannedRow) => ({ line, key, outcome, reason });

/** POST /admin/data-import/preview: what each row would become, a page at a time; nothing written. */
export async function previewImport({ db, statements, sms }: ImportDeps, form: Form) {
  const { kind, table } = await readForm(statements, form);
  const proposed = await proposedMapping(db, kind, table);
  const mapping = sentMapping(kind, form, widthOf(table)) ?? proposed;
  const { rows } = await PLANNERS[kind](db, sheetRows(IMPORT_SPECS[kind], table, mapping));
  const page = Math.max(1, Number(form.page) || 1);
  const only = IMPORT_OUTCOMES.find((o) => o === form.outcome);
  const listed = only ? rows.filter((r) => r.outcome === only) : rows;
  return {
    kind,
    header: table.header,
    mapping,
    counts: countOf(rows),
    total: listed.length,
    page,
    rows: listed.slice((page - 1) * IMPORT_PREVIEW_PAGE_SIZE, page * IMPORT_PREVIEW_PAGE_SIZE).map(shown),
    smsConfigured: Boolean(sms),
  };
}

/**
 * POST /admin/data-import: the rows planned again inside one transaction and written; with `onErrors=nothing`
 * (the default) a row in error writes nothing at all (409 with the counts); with `onErrors=skip` the valid
 * rows are written and the others listed. The mapping is kept for the kind. With `sendSms=true` and SMS
 * configured, each new account's access is queued as an SMS in the same transaction (decision 092's queue).
 * The rows are planned once before the transaction too, only to count the new accounts: their temporary
 * passwords are hashed then, outside the transaction and its lock (decision 097, "Scale").
 */
export async function runImport({ db, statements, sms }: ImportDeps, actorUserId: string, form: Form) {
  const { kind, table } = await readForm(statements, form);
  const mapping = sentMapping(kind, form, widthOf(table)) ?? (await proposedMapping(db, kind, table));
  const skipErrors = form.onErrors === "skip";
  const sheet = sheetRows(IMPORT_SPECS[kind], table, mapping);
  const before = await PLANNERS[kind](db, sheet);
  const refusedWhole = !skipErrors && before.rows.some((r) => r.outcome === "erro");
  const run: ImportRun = {
    actorUserId,
    credentials: [],
    sms: form.sendSms === "true" ? sms : undefined,
    passwords: await temporaryPasswords(refusedWhole ? 0 : before.newAccounts),
  };
  const rows = await db.transaction(async (tx) => {
    // One import at a time: two at once would both see a row as new.
    await tx.execute(sqlLock);
    const { rows: planned, write } = await PLANNERS[kind](tx, sheet);
    const errors = planned.filter((r) => r.outcome === "erro");
    if (errors.length > 0 && !skipErrors) throw ApiError.of(409, DATA_IMPORT_MESSAGES.hasErrors(errors.length));
    await write(tx, run);
    await tx
      .insert(importColumnMappings)
      .values({ kind, mapping })
      .onConflictDoUpdate({ target: importColumnMappings.kind, set: { mapping, updatedAt: new Date() } });
    return planned;
  });
  return {
    kind,
    counts: countOf(rows),
    errors: rows.filter((r) => r.outcome === "erro").map(shown),
    credentials: run.credentials,
  };
}

const sqlLock = sql`select pg_advisory_xact_lock(hashtext('data-import'))`;
