import { PassThrough, type Readable } from "node:stream";
import { OWN_DATA_PER_DAY } from "@app/shared/privacy";
import { eq, inArray, or } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { type Counter, takeAttempt } from "../../auth/rate-limit";
import type { Database } from "../../db/client";
import {
  certificates,
  courses,
  enrollments,
  paymentReceipts,
  payments,
  storedFiles,
  studentAccounts,
} from "../../db/schema";
import type { Logger } from "../../logger";
import type { FileStorage } from "../../storage/storage";
import { getOwnPrivacy } from "./privacy.service";

/** 'Baixar meus dados': a few a day per student, counted in PostgreSQL (rate_limits) like every other limit. */
const ownDataCounter = (userId: string): Counter => ({
  key: `own-data:account:${userId}`,
  rule: { kind: "window", max: OWN_DATA_PER_DAY, windowSeconds: 24 * 60 * 60 },
});

/** Columns that are ours, not the student's (search keys, storage names). */
const INTERNAL = /Key$|^storageKey$/;
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !INTERNAL.test(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );

/** Everything the portal keeps about the student, as JSON-ready objects. */
async function ownData(db: Database, student: { userId: string; studentAccountId: string }) {
  const [account] = await db.select().from(studentAccounts).where(eq(studentAccounts.id, student.studentAccountId));
  const ofStudent = or(
    eq(enrollments.studentAccountId, student.studentAccountId),
    eq(enrollments.userId, student.userId),
  );
  const rows = await db
    .select({ e: enrollments, courseName: courses.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(ofStudent);
  const ids = rows.map((r) => r.e.id);
  const none = ids.length === 0;
  const [receipts, paid, issued, files, privacy] = await Promise.all([
    none ? [] : db.select().from(paymentReceipts).where(inArray(paymentReceipts.enrollmentId, ids)),
    none ? [] : db.select().from(payments).where(inArray(payments.enrollmentId, ids)),
    db.select().from(certificates).where(eq(certificates.studentAccountId, student.studentAccountId)),
    db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, student.userId)),
    getOwnPrivacy(db, student),
  ]);
  return {
    data: {
      conta: plain({ ...account, userId: undefined, mustChangePassword: undefined }),
      inscricoes: rows.map((r) => plain({ ...r.e, courseName: r.courseName })),
      comprovantes: receipts.map(plain),
      pagamentos: paid.map(plain),
      certificados: issued.map(plain),
      privacidade: privacy,
    },
    files: files.filter((f) => !f.deletedAt),
  };
}

const html = (v: unknown) => String(v ?? "—").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page of the same data: one table per record. */
function summaryHtml(data: Record<string, unknown>): string {
  const table = (row: Record<string, unknown>) =>
    `<table>${Object.entries(row)
      .filter(([, v]) => typeof v !== "object" || v === null)
      .map(([k, v]) => `<tr><th>${html(k)}</th><td>${html(v)}</td></tr>`)
      .join("")}</table>`;
  const sections = Object.entries(data).map(([name, value]) => {
    const rows = Array.isArray(value) ? value : [value];
    return `<h2>${html(name)}</h2>${rows.length ? rows.map((r) => table(r as Record<string, unknown>)).join("") : "<p>Nenhum registro</p>"}`;
  });
  return `<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>Meus dados</title><style>body{font-family:sans-serif;max-width:60rem;margin:auto;padding:1rem}table{border-collapse:collapse;margin:0 0 1rem;width:100%}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{width:30%}</style></head><body><h1>Meus dados</h1><p>Tudo o que o portal guarda sobre você (Lei n.º 22/11). Os arquivos que você enviou estão na pasta 'arquivos'.</p>${sections.join("")}</body></html>`;
}

/**
 * The student's own data as a ZIP streamed as it is made: resumo.html, dados.json and the files they sent
 * (arquivos/). Counts one download against the day's limit first (429 past it).
 */
export async function ownDataZip(
  deps: { db: Database; storage: FileStorage; log: Logger },
  student: { userId: string; studentAccountId: string },
): Promise<Readable> {
  await takeAttempt(deps.db, [ownDataCounter(student.userId)]);
  const { data, files } = await ownData(deps.db, student);
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const addText = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  addText("resumo.html", summaryHtml(data));
  addText("dados.json", JSON.stringify(data, null, 2));
  void (async () => {
    for (const file of files) {
      const entry = new ZipPassThrough(`arquivos/${file.kind}-${file.id}.${file.storageKey.split(".").at(-1)}`);
      zip.add(entry);
      try {
        for await (const chunk of await deps.storage.getStream(file.storageKey)) entry.push(chunk as Uint8Array);
      } catch (err) {
        deps.log.warn({ err, fileId: file.id }, "own data: a file could not be read");
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
