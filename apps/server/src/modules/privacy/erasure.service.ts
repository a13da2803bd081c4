import { STUDENT_ACCOUNT_NOT_FOUND } from "@app/shared/messages";
import {
  ERASURE_ENROLLMENT_IN_PROGRESS,
  ERASURE_REQUEST_DONE,
  ERASURE_REQUEST_NOT_FOUND,
  ERASURE_REQUEST_REFUSED,
  type ErasureChannel,
  type ErasureRequestStatus,
  erasedPersonName,
  RECORDED_FILE_KINDS,
} from "@app/shared/privacy";
import { and, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../../db/client";
import {
  authAccount,
  authSession,
  authUser,
  enrollmentDocumentRequests,
  enrollments,
  erasureRequests,
  smsMessages,
  storedFiles,
  studentAccounts,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import type { FileStorage } from "../../storage/storage";
import { ERASED_PERSONAL_FIELDS } from "./erased-fields";
import { ENDED_ENROLLMENT_STATUSES } from "./retention";

const requester = alias(authUser, "requester");
const executor = alias(authUser, "executor");
const refuser = alias(authUser, "refuser");

function selectRequests(db: Database | Tx) {
  return db
    .select({
      r: erasureRequests,
      studentName: studentAccounts.studentName,
      studentCode: studentAccounts.studentCode,
      requestedByName: requester.name,
      carriedOutByName: executor.name,
      refusedByName: refuser.name,
    })
    .from(erasureRequests)
    .innerJoin(studentAccounts, eq(studentAccounts.id, erasureRequests.studentAccountId))
    .leftJoin(requester, eq(requester.id, erasureRequests.requestedBy))
    .leftJoin(executor, eq(executor.id, erasureRequests.carriedOutBy))
    .leftJoin(refuser, eq(refuser.id, erasureRequests.refusedBy));
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>["execute"]>>[number];

function requestBody({ r, ...names }: RequestRow) {
  return {
    id: r.id,
    number: r.number,
    studentAccountId: r.studentAccountId,
    studentName: names.studentName,
    studentCode: names.studentCode,
    channel: r.channel as ErasureChannel,
    requestedAt: r.requestedAt.toISOString(),
    requestedByName: names.requestedByName,
    status: r.status as ErasureRequestStatus,
    carriedOutAt: r.carriedOutAt?.toISOString() ?? null,
    carriedOutByName: names.carriedOutByName,
    refusedAt: r.refusedAt?.toISOString() ?? null,
    refusedByName: names.refusedByName,
    refusalReason: r.refusalReason,
  };
}

async function requestById(db: Database | Tx, id: string) {
  const [row] = await selectRequests(db).where(eq(erasureRequests.id, id));
  if (!row) throw ApiError.of(404, ERASURE_REQUEST_NOT_FOUND);
  return requestBody(row);
}

/** Every request, pending first, newest first within each. */
export async function listErasureRequests(db: Database) {
  const rows = await selectRequests(db).orderBy(
    sql`${erasureRequests.status} <> 'pending'`,
    desc(erasureRequests.requestedAt),
  );
  return { items: rows.map(requestBody) };
}

/**
 * Records a request (the student's own, or one made in person and recorded by staff). A student with a
 * request pending, or already erased, keeps that one: asking twice gives one request.
 */
export async function requestErasure(
  db: Database,
  studentAccountId: string,
  by: { userId: string; channel: ErasureChannel },
) {
  const [account] = await db
    .select({ id: studentAccounts.id })
    .from(studentAccounts)
    .where(eq(studentAccounts.id, studentAccountId));
  if (!account) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
  const [done] = await db
    .select({ id: erasureRequests.id })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.studentAccountId, studentAccountId), eq(erasureRequests.status, "done")));
  if (done) return requestById(db, done.id);
  await db
    .insert(erasureRequests)
    .values({ studentAccountId, channel: by.channel, requestedBy: by.userId })
    .onConflictDoNothing();
  const [row] = await selectRequests(db)
    .where(eq(erasureRequests.studentAccountId, studentAccountId))
    .orderBy(sql`${erasureRequests.status} <> 'pending'`, desc(erasureRequests.requestedAt))
    .limit(1);
  return requestBody(row!);
}

/**
 * Carries out a request in one transaction (decision 099): the student's documents and receipts' files
 * are marked deleted, their personal fields erased, the person anonymised ('Aluno removido #N'), the
 * password and sessions removed (no sign-in); payments, amounts and issued certificates stay. The request
 * row is locked first: two super_admins at once give one erasure, and a done request answers as it is.
 * The files leave the storage after the commit (a rollback must not lose them); a failure there is logged
 * and the rows already say the file is gone.
 */
export async function carryOutErasure(
  deps: { db: Database; storage: FileStorage; log: Logger },
  requestId: string,
  actorUserId: string,
) {
  const keys = await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(erasureRequests).where(eq(erasureRequests.id, requestId)).for("update");
    if (!request) throw ApiError.of(404, ERASURE_REQUEST_NOT_FOUND);
    if (request.status === "done") return [];
    if (request.status === "refused") throw ApiError.of(409, ERASURE_REQUEST_REFUSED);
    const [account] = await tx
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.id, request.studentAccountId))
      .for("update");
    if (!account) throw ApiError.of(404, STUDENT_ACCOUNT_NOT_FOUND);
    const open = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(enrollmentsOf(account), notInArray(enrollments.status, [...ENDED_ENROLLMENT_STATUSES])))
      .limit(1);
    if (open.length) throw ApiError.of(409, ERASURE_ENROLLMENT_IN_PROGRESS);
    const deletedKeys = await eraseStudent(tx, account, request.number, sql`now()`);
    await tx
      .update(erasureRequests)
      .set({ status: "done", carriedOutAt: sql`now()`, carriedOutBy: actorUserId })
      .where(eq(erasureRequests.id, requestId));
    return deletedKeys;
  });
  await deleteStoredKeys(deps, keys);
  return requestById(deps.db, requestId);
}

/**
 * Refuses a pending request with the reason the student reads (decision 099); the row is locked first, so
 * two clicks or two super_admins give one refusal, and a refused request answers as it is. A request
 * already carried out cannot be refused (409). The student may ask again: a new request.
 */
export async function refuseErasure(db: Database, requestId: string, actorUserId: string, reason: string) {
  await db.transaction(async (tx) => {
    const [request] = await tx.select().from(erasureRequests).where(eq(erasureRequests.id, requestId)).for("update");
    if (!request) throw ApiError.of(404, ERASURE_REQUEST_NOT_FOUND);
    if (request.status === "refused") return;
    if (request.status === "done") throw ApiError.of(409, ERASURE_REQUEST_DONE);
    await tx
      .update(erasureRequests)
      .set({ status: "refused", refusedAt: sql`now()`, refusedBy: actorUserId, refusalReason: reason })
      .where(eq(erasureRequests.id, requestId));
  });
  return requestById(db, requestId);
}

/** A student's enrolments: those of their account, and those made before it with their sign-in. */
export function enrollmentsOf(account: { id: string; userId: string }) {
  return or(eq(enrollments.studentAccountId, account.id), eq(enrollments.userId, account.userId));
}

/**
 * The erasing itself (decision 099), inside the caller's transaction, shared by carrying out a request and
 * by a restore re-applying one (backup/reapply-erasures.ts): files marked deleted (at `at`), personal
 * fields erased, the person named 'Aluno removido #N', password and sessions removed. Answers the storage
 * keys to delete once the transaction has committed.
 */
export async function eraseStudent(
  tx: Database | Tx,
  account: { id: string; userId: string },
  number: number,
  at: Date | SQL,
): Promise<string[]> {
  const name = erasedPersonName(number);
  const deleted = await tx
    .update(storedFiles)
    .set({ deletedAt: at })
    .where(
      and(
        eq(storedFiles.ownerUserId, account.userId),
        inArray(storedFiles.kind, RECORDED_FILE_KINDS),
        isNull(storedFiles.deletedAt),
      ),
    )
    .returning({ key: storedFiles.storageKey });

  const erasedEnrollments = await tx
    .update(enrollments)
    .set({
      ...ERASED_PERSONAL_FIELDS,
      studentName: name,
      studentPhone: "",
      trainingArea: "",
      notes: null,
    })
    .where(enrollmentsOf(account))
    .returning({ id: enrollments.id });
  const enrollmentIds = erasedEnrollments.map((e) => e.id);
  if (enrollmentIds.length) {
    await tx
      .update(enrollmentDocumentRequests)
      .set({ note: null })
      .where(inArray(enrollmentDocumentRequests.enrollmentId, enrollmentIds));
    await tx.update(smsMessages).set({ to: "", body: "" }).where(inArray(smsMessages.enrollmentId, enrollmentIds));
  }
  await tx
    .update(studentAccounts)
    .set({ studentName: name, studentPhone: "000000000", studentEmail: null, smsOptIn: false })
    .where(eq(studentAccounts.id, account.id));
  await tx
    .update(authUser)
    .set({ name, email: `removido-${number}@alunos.invalid`, updatedAt: at })
    .where(eq(authUser.id, account.userId));
  await tx.delete(authAccount).where(eq(authAccount.userId, account.userId));
  await tx.delete(authSession).where(eq(authSession.userId, account.userId));
  return deleted.map((d) => d.key);
}

/** Removes files from the storage after their rows were marked deleted; failures are logged, not thrown. */
export async function deleteStoredKeys(deps: { storage: FileStorage; log: Logger }, keys: string[]) {
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((err: unknown) => deps.log.error({ err, key }, "deleted file left in storage"));
  }
}
