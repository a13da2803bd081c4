import { createHash } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { authUser, enrollmentEvents, enrollments, erasureRequests, studentAccounts } from "../db/schema";
import { enrollmentsOf, eraseStudent } from "../modules/privacy/erasure.service";
import { ENDED_ENROLLMENT_STATUSES } from "../modules/privacy/retention";
import { tableExists } from "./catalog";

/** An erasure carried out in the installation a restore replaces (read before it is replaced). */
export interface DoneErasure {
  id: string;
  number: number;
  studentAccountId: string;
  channel: string;
  requestedAt: Date;
  requestedBy: string | null;
  carriedOutAt: Date;
  carriedOutBy: string | null;
}

/** The erasures the target has carried out; none when it has no such table (empty, or older than decision 099). */
export async function doneErasures(client: pg.ClientBase): Promise<DoneErasure[]> {
  if (!(await tableExists(client, "public", "erasure_requests"))) return [];
  const { rows } = await client.query<DoneErasure>(
    `select id, number, student_account_id as "studentAccountId", channel, requested_at as "requestedAt",
       requested_by as "requestedBy", carried_out_at as "carriedOutAt", carried_out_by as "carriedOutBy"
     from erasure_requests where status = 'done' order by number`,
  );
  return rows;
}

export interface ReappliedErasures {
  /** How many people the archive had un-erased, and are erased again. */
  applied: number;
  /** Storage keys of their files, to delete once the restore has committed. */
  deletedKeys: string[];
  /** Erasures the restored schema cannot take (an archive older than decision 099): their numbers. */
  notApplied: number[];
}

export const ERASED_AT_RESTORE_NOTE = (number: number) =>
  `Cancelada ao restaurar uma cópia anterior à exclusão dos dados do aluno (pedido #${number}).`;

/**
 * Inside the restore's transaction, after the archive is loaded (decision 099): each erasure the target had
 * carried out and the archive does not have as done (request missing or pending) is carried out again with
 * the same erasing code, the same number and the same time, so restoring twice gives the same rows. An
 * enrolment the archive still has in progress is cancelled (rejected, with a History row): the person was
 * erased. A person the archive never had is nothing to erase.
 */
export async function reapplyErasures(client: pg.ClientBase, erasures: DoneErasure[]): Promise<ReappliedErasures> {
  const result: ReappliedErasures = { applied: 0, deletedKeys: [], notApplied: [] };
  if (erasures.length === 0) return result;
  if (!(await tableExists(client, "public", "erasure_requests"))) {
    result.notApplied = erasures.map((e) => e.number);
    return result;
  }
  // The restore's own connection, already inside its transaction: no transaction of drizzle's here.
  const db: Database = drizzle(client as pg.Client, { schema });
  const users = await existingUsers(
    db,
    erasures.flatMap((e) => [e.requestedBy, e.carriedOutBy]),
  );
  const known = (id: string | null) => (id && users.has(id) ? id : null);
  for (const erasure of erasures) {
    const [inArchive] = await db
      .select({ status: erasureRequests.status })
      .from(erasureRequests)
      .where(eq(erasureRequests.id, erasure.id));
    if (inArchive?.status === "done") continue;
    const [account] = await db
      .select({ id: studentAccounts.id, userId: studentAccounts.userId })
      .from(studentAccounts)
      .where(eq(studentAccounts.id, erasure.studentAccountId));
    if (!account) continue;

    await cancelOpenEnrollments(db, account, erasure);
    result.deletedKeys.push(...(await eraseStudent(db, account, erasure.number, erasure.carriedOutAt)));
    const done = { status: "done", carriedOutAt: erasure.carriedOutAt, carriedOutBy: known(erasure.carriedOutBy) };
    if (inArchive) {
      await db.update(erasureRequests).set(done).where(eq(erasureRequests.id, erasure.id));
    } else {
      await db.insert(erasureRequests).values({
        id: erasure.id,
        number: erasure.number,
        studentAccountId: account.id,
        channel: erasure.channel,
        requestedAt: erasure.requestedAt,
        requestedBy: known(erasure.requestedBy),
        ...done,
      });
    }
    result.applied += 1;
  }
  // Numbers taken again from the target: the next request must not get one of them.
  if (result.applied === 0) return result;
  await db.execute(
    sql`select setval(pg_get_serial_sequence('erasure_requests', 'number'), greatest(max(number), 1)) from erasure_requests`,
  );
  return result;
}

async function existingUsers(db: Database, ids: (string | null)[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ id: authUser.id }).from(authUser).where(inArray(authUser.id, wanted));
  return new Set(rows.map((r) => r.id));
}

async function cancelOpenEnrollments(
  db: Database,
  account: { id: string; userId: string },
  erasure: DoneErasure,
): Promise<void> {
  const open = await db
    .select({ id: enrollments.id, status: enrollments.status })
    .from(enrollments)
    .where(and(enrollmentsOf(account), notInArray(enrollments.status, [...ENDED_ENROLLMENT_STATUSES])));
  if (open.length === 0) return;
  await db
    .update(enrollments)
    .set({ status: "rejected" })
    .where(
      inArray(
        enrollments.id,
        open.map((e) => e.id),
      ),
    );
  for (const e of open) {
    await db.insert(enrollmentEvents).values({
      id: sameIdEachTime(erasure.id, e.id),
      enrollmentId: e.id,
      at: erasure.carriedOutAt,
      fromStatus: e.status,
      toStatus: "rejected",
      note: ERASED_AT_RESTORE_NOTE(erasure.number),
    });
  }
}

/** A UUID made from the erasure and the enrolment: a second restore writes the same History row. */
function sameIdEachTime(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join(":")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
