import type { Readable } from "node:stream";
import { ENROLLMENT_VIEWER_ROLES } from "@app/shared/enrollment-review";
import { type FileKind, roleSatisfies } from "@app/shared/enums";
import { DOCUMENT_NOT_AVAILABLE } from "@app/shared/messages";
import { DOCUMENT_DELETED } from "@app/shared/privacy";
import type { SessionInfo } from "../../auth/session";
import type { Database } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { FileStorage } from "../../storage/storage";
import { contentOf, type StoredFile, storedFile } from "../../storage/stored-files";
import { refuseRevokedCertificateFile } from "../certificates/certificates.service";

const NOT_FOUND = () => ApiError.of(404, DOCUMENT_NOT_AVAILABLE);

/** Staff may read every file except applicants' documents and receipts, which only the roles of 'Inscrições' see. */
const ENROLMENT_FILE_KINDS: readonly FileKind[] = ["id_card_front", "id_card_back", "certificate", "receipt"];

/**
 * GET /files/{id}: a signed-in caller's file (a student: their own) or any file for staff with a role,
 * except applicants' documents and receipts for roles outside 'Inscrições'. Whatever the caller may not
 * read answers exactly like a missing file.
 */
export async function readableFile(
  deps: { db: Database; storage: FileStorage },
  session: SessionInfo & { user: NonNullable<SessionInfo["user"]> },
  id: string,
): Promise<{ file: StoredFile; body: Readable }> {
  const file = await storedFile(deps.db, id);
  if (!file || (session.student && file.ownerUserId !== session.user.id)) throw NOT_FOUND();
  if (
    session.staff &&
    ENROLMENT_FILE_KINDS.includes(file.kind) &&
    !roleSatisfies(session.staff.role, ENROLLMENT_VIEWER_ROLES)
  ) {
    throw NOT_FOUND();
  }
  // A revoked certificate's PDF reaches staff only, as on GET /certificates/{id}/pdf (decision 027).
  if (file.kind === "certificate_pdf" && !session.staff) await refuseRevokedCertificateFile(deps.db, file.id);
  if (file.deletedAt) throw ApiError.of(410, DOCUMENT_DELETED);
  return { file, body: await contentOf(deps.storage, file, NOT_FOUND) };
}
