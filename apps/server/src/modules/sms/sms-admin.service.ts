import { randomUUID } from "node:crypto";
import { SMS_MESSAGE_NOT_FOUND, SMS_OFF, SMS_PASSWORD_GONE } from "@app/shared/messages";
import type { SmsNotices, SmsOverview } from "@app/shared/schemas/sms";
import { and, desc, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { enrollments, instituteSettings, smsMessages } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { queueSms } from "./queue-sms";
import { phoneLabel } from "./sms-history";
import type { Sms } from "./sms-setup";
import { type SmsTemplate, testSms } from "./templates";

/** Luanda's midnight today, as the caps count (decision 092). */
const luandaDayStart = sql`date_trunc('day', now() at time zone 'Africa/Luanda') at time zone 'Africa/Luanda'`;
/** The statuses counted against the caps: handed, or being handed, to the provider. */
const COUNTED = ["sending", "sent", "delivered", "failed"] as const;
/** The Painel lists failures of the last 30 days (the texts are kept that long). */
const FAILURES_DAYS = 30;

const WHAT: Record<SmsTemplate, string> = {
  approval: "Aprovação e código",
  multicaixa: "Referência Multicaixa",
  correction: "Documentos a corrigir",
  receipt_rejected: "Comprovante rejeitado",
  enrolled: "Matrícula confirmada",
  certificate: "Certificado emitido",
  credentials: "Nova senha",
  test: "SMS de teste",
};

async function todayCounts(db: Database) {
  const [[today], [held], [caps]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsMessages)
      .where(and(gte(smsMessages.claimedAt, luandaDayStart), inArray(smsMessages.status, [...COUNTED]))),
    db.select({ n: sql<number>`count(*)::int` }).from(smsMessages).where(eq(smsMessages.status, "held")),
    db
      .select({ daily: instituteSettings.smsDailyCap, perStudent: instituteSettings.smsPerStudentDailyCap })
      .from(instituteSettings),
  ]);
  return {
    sentToday: today!.n,
    held: held!.n,
    dailyCap: caps?.daily ?? 500,
    perStudentDailyCap: caps?.perStudent ?? 5,
  };
}

/** Configurações → SMS (decision 094): what is configured and how much of today's cap is used. */
export async function smsOverview(db: Database, config: Config["sms"]): Promise<SmsOverview> {
  return {
    configured: Boolean(config),
    provider: config?.provider ?? null,
    sender: config?.from ?? null,
    ...(await todayCounts(db)),
  };
}

/**
 * 'Limites de SMS': both caps in one update. The held messages get a job for now (their next-day job stays
 * and finds them sent); a cap still reached holds them again, so raising the cap is what releases them.
 */
export async function updateSmsCaps(
  db: Database,
  sms: Sms | undefined,
  config: Config["sms"],
  caps: { dailyCap: number; perStudentDailyCap: number },
): Promise<SmsOverview> {
  await db.transaction(async (tx) => {
    await tx
      .update(instituteSettings)
      .set({ smsDailyCap: caps.dailyCap, smsPerStudentDailyCap: caps.perStudentDailyCap });
    if (!sms) return;
    const held = await tx.select({ id: smsMessages.id }).from(smsMessages).where(eq(smsMessages.status, "held"));
    for (const { id } of held) await sms.jobs.enqueue(tx, { messageId: id });
  });
  return smsOverview(db, config);
}

/** 'Enviar SMS de teste': queued like every SMS (the worker sends it), to a number already normalised. */
export async function queueTestSms(db: Database, sms: Sms | undefined, phone: string) {
  if (!sms) throw ApiError.of(409, SMS_OFF);
  await db.transaction((tx) =>
    queueSms(tx, sms, { key: `test:${randomUUID()}`, enrollmentId: null, phone, template: "test", body: testSms() }),
  );
  return { to: phoneLabel(`+244${phone}`) };
}

/** The Painel's SMS notices (super_admin): messages the provider never took, and today's cap reached. */
export async function smsNotices(db: Database): Promise<SmsNotices> {
  const [rows, counts] = await Promise.all([
    db
      .select({ m: smsMessages, studentName: enrollments.studentName })
      .from(smsMessages)
      .leftJoin(enrollments, eq(enrollments.id, smsMessages.enrollmentId))
      .where(
        and(
          eq(smsMessages.status, "failed"),
          isNull(smsMessages.providerId),
          gte(smsMessages.createdAt, sql`now() - ${`${FAILURES_DAYS} days`}::interval`),
        ),
      )
      .orderBy(desc(smsMessages.failedAt), desc(smsMessages.id))
      .limit(100),
    todayCounts(db),
  ]);
  return {
    failures: rows.map(({ m, studentName }) => ({
      id: m.id,
      to: m.to.startsWith("+244") ? phoneLabel(m.to) : m.to,
      studentName,
      what: WHAT[m.template as SmsTemplate] ?? m.template,
      error: m.error ?? "",
      tries: m.tries,
      failedAt: m.failedAt?.toISOString() ?? null,
    })),
    capReached: counts.sentToday >= counts.dailyCap,
    held: counts.held,
    dailyCap: counts.dailyCap,
  };
}

/**
 * 'Tentar de novo': the failed SMS is queued again with a fresh job, in one transaction. Only a row still
 * 'failed' moves, so a double click (or two staff at once) queues it once; the second answers the list.
 */
export async function requeueSms(db: Database, sms: Sms | undefined, id: string): Promise<SmsNotices> {
  if (!sms) throw ApiError.of(409, SMS_OFF);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(smsMessages)
      .set({ status: "queued", error: null, errorCode: null, failedAt: null })
      .where(
        and(
          eq(smsMessages.id, id),
          eq(smsMessages.status, "failed"),
          isNull(smsMessages.providerId),
          ne(smsMessages.template, "credentials"),
        ),
      )
      .returning({ id: smsMessages.id });
    if (row) return sms.jobs.enqueue(tx, { messageId: row.id });
    const [exists] = await tx
      .select({ template: smsMessages.template })
      .from(smsMessages)
      .where(eq(smsMessages.id, id));
    if (!exists) throw ApiError.of(404, SMS_MESSAGE_NOT_FOUND);
    // A failed password SMS no longer holds the password: only a new reset can send one.
    if (exists.template === "credentials") throw ApiError.of(409, SMS_PASSWORD_GONE);
  });
  return smsNotices(db);
}
