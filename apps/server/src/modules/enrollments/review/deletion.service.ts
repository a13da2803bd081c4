import { ENROLLMENT_HAS_FINANCE_RECORDS } from "@app/shared/messages";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { isForeignKeyViolation } from "../../../db/pg-errors";
import { certificates, classes, enrollments, paymentReceipts, payments, studentAccounts } from "../../../db/schema";
import { ApiError } from "../../../http/errors";
import type { FileStorage } from "../../../storage/storage";
import { dropReferences } from "../../payment-references/drop-references";
import type { PaymentReferences } from "../../payment-references/references-setup";
import { ENROLLMENT_NOT_FOUND } from "../enrollment-admin.queries";
import { deleteUnusedDocumentFiles } from "../enrollment-files";

const HAS_FINANCE_RECORDS = () => ApiError.of(409, ENROLLMENT_HAS_FINANCE_RECORDS);

/**
 * Deletes an enrolment (decision 046). Refused (409) while payments, receipts or certificates point
 * at it: finance records never vanish. Otherwise, in one transaction: the enrolment goes with its
 * history and correction requests (cascade), a class seat it held is given back, its three document
 * rows go (unless another enrolment of the student kept them), and a student account left without enrolments may submit the form again. The document
 * files are removed from storage after the commit.
 */
export async function deleteEnrollment(db: Database, storage: FileStorage, id: string, references?: PaymentReferences) {
  const keys = await db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, id)).for("update");
      if (!row) throw ENROLLMENT_NOT_FOUND();
      const counts = await Promise.all(
        [payments, paymentReceipts, certificates].map(async (table) => {
          const [c] = await tx.select({ n: count() }).from(table).where(eq(table.enrollmentId, id));
          return c?.n ?? 0;
        }),
      );
      if (counts.some((n) => n > 0)) throw HAS_FINANCE_RECORDS();
      // A cancelled enrolment's Multicaixa reference must not be paid: deleted at the provider (queued).
      await dropReferences(tx, references, id);

      await tx.delete(enrollments).where(eq(enrollments.id, id));
      if (row.classId) {
        await tx
          .update(classes)
          .set({ currentStudents: sql`greatest(${classes.currentStudents} - 1, 0)` })
          .where(eq(classes.id, row.classId));
      }
      // Documents another enrolment of the student kept (issue 14) stay.
      const gone = await deleteUnusedDocumentFiles(tx, [
        row.idCardFrontFileId,
        row.idCardBackFileId,
        row.certificateFileId,
      ]);
      if (row.studentAccountId) {
        const [others] = await tx
          .select({ n: count() })
          .from(enrollments)
          .where(and(eq(enrollments.studentAccountId, row.studentAccountId), ne(enrollments.id, id)));
        if ((others?.n ?? 0) === 0) {
          await tx
            .update(studentAccounts)
            .set({ enrollmentCompleted: false })
            .where(eq(studentAccounts.id, row.studentAccountId));
        }
      }
      return gone;
    })
    .catch((err: unknown) => {
      // A payment or receipt written meanwhile: the foreign key refuses the delete.
      if (isForeignKeyViolation(err)) throw HAS_FINANCE_RECORDS();
      throw err;
    });
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
