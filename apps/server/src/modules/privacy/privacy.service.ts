import {
  type ErasureRequestStatus,
  FILE_ACCESS_SCREEN_LABELS,
  type FileAccessScreen,
  RECORDED_FILE_KIND_LABELS,
  type RecordedFileKind,
} from "@app/shared/privacy";
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { authUser, enrollments, erasureRequests, fileAccesses, privacyAcceptances } from "../../db/schema";
import { ENROLLMENT_NOT_FOUND } from "../enrollments/enrollment-admin.queries";
import { currentNoticeVersion } from "./notice.service";

const documentLabel = (kind: string) => RECORDED_FILE_KIND_LABELS[kind as RecordedFileKind] ?? kind;

/** 'Dados de Acesso': the notice accepted, when staff opened the student's documents (never who), the erasure request. */
export async function getOwnPrivacy(db: Database, student: { userId: string; studentAccountId: string }) {
  const [currentVersion, [acceptance], views, [request]] = await Promise.all([
    currentNoticeVersion(db),
    db.select().from(privacyAcceptances).where(eq(privacyAcceptances.userId, student.userId)),
    db
      .select({ at: fileAccesses.at, kind: fileAccesses.fileKind })
      .from(fileAccesses)
      .where(eq(fileAccesses.ownerUserId, student.userId))
      .orderBy(desc(fileAccesses.at))
      .limit(200),
    db
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.studentAccountId, student.studentAccountId))
      .orderBy(desc(erasureRequests.requestedAt))
      .limit(1),
  ]);
  return {
    currentVersion,
    acceptedVersion: acceptance?.version ?? null,
    acceptedAt: acceptance?.acceptedAt.toISOString() ?? null,
    documentViews: views.map((v) => ({ at: v.at.toISOString(), document: documentLabel(v.kind) })),
    erasureRequest: request
      ? {
          requestedAt: request.requestedAt.toISOString(),
          status: request.status as ErasureRequestStatus,
          refusedAt: request.refusedAt?.toISOString() ?? null,
          refusalReason: request.refusalReason,
        }
      : null,
  };
}

/** The enrolment's document openings for its History (super_admin). */
export async function listFileAccesses(db: Database, enrollmentId: string) {
  const [enrollment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  if (!enrollment) throw ENROLLMENT_NOT_FOUND();
  const rows = await db
    .select({ a: fileAccesses, actorName: authUser.name })
    .from(fileAccesses)
    .leftJoin(authUser, eq(authUser.id, fileAccesses.actorUserId))
    .where(eq(fileAccesses.enrollmentId, enrollmentId))
    .orderBy(asc(fileAccesses.at), asc(fileAccesses.id));
  return {
    items: rows.map(({ a, actorName }) => ({
      id: a.id,
      at: a.at.toISOString(),
      actorName,
      document: documentLabel(a.fileKind),
      screen: FILE_ACCESS_SCREEN_LABELS[a.screen as FileAccessScreen] ?? a.screen,
    })),
  };
}
