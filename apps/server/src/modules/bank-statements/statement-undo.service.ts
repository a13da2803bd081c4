import { statementLineDeletedNote } from "@app/shared/history-notes";
import { BANK_MAPPING_NOT_FOUND, STATEMENT_NOT_FOUND, statementHasConfirmedLines } from "@app/shared/messages";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bankColumnMappings, bankStatementLines, bankStatements, enrollments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import { recordEvent } from "../enrollments/enrollment-history";

/**
 * Undoing a wrong import (issue 34): deleting it while no line of it paid anything, and forgetting the
 * column mapping a bank remembered.
 */

/**
 * DELETE /admin/bank-statements/{id}, one transaction: the statement locked, then its lines (in id order),
 * so a confirmation or an assignment under way is waited for; refused (409) once a line is confirmed; the
 * enrolments a line was assigned to by hand get a History entry (their History named the line); then the
 * statement and its lines go, and their checksums with them (the lines may be imported again). Two deletes
 * at once: the second finds no statement (404). A confirmation after it finds no line (refused per line).
 */
export async function deleteStatement(db: Database, log: Logger, actorUserId: string, id: string) {
  await db.transaction(async (tx) => {
    const [statement] = await tx.select().from(bankStatements).where(eq(bankStatements.id, id)).for("update");
    if (!statement) throw ApiError.of(404, STATEMENT_NOT_FOUND);
    const lines = await tx
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.statementId, id))
      .orderBy(asc(bankStatementLines.id))
      .for("update");
    const confirmed = lines.filter((l) => l.outcome === "confirmed" || l.paymentId !== null).length;
    if (confirmed > 0) throw ApiError.of(409, statementHasConfirmedLines(confirmed));

    const assigned = lines.filter((l) => l.assignedByHand && l.enrollmentId !== null);
    if (assigned.length > 0) {
      const statuses = await tx
        .select({ id: enrollments.id, status: enrollments.status })
        .from(enrollments)
        .where(inArray(enrollments.id, [...new Set(assigned.map((l) => l.enrollmentId!))]));
      const statusOf = new Map(statuses.map((e) => [e.id, e.status]));
      for (const line of assigned) {
        const status = statusOf.get(line.enrollmentId!)!;
        await recordEvent(tx, line.enrollmentId!, {
          actorUserId,
          fromStatus: status,
          toStatus: status,
          note: statementLineDeletedNote(line.amount, line.lineNumber, statement.fileName, statement.bankName),
        });
      }
    }
    await tx.delete(bankStatements).where(eq(bankStatements.id, id)); // its lines cascade
    log.info(
      { statementId: id, bankName: statement.bankName, lines: lines.length, by: actorUserId },
      "bank statement deleted",
    );
  });
}

/** DELETE /admin/bank-statements/mappings/{mappingId}: the bank's next statement is mapped from nothing. */
export async function forgetMapping(db: Database, log: Logger, actorUserId: string, mappingId: string) {
  const [gone] = await db
    .delete(bankColumnMappings)
    .where(eq(bankColumnMappings.id, mappingId))
    .returning({ bankName: bankColumnMappings.bankName });
  if (!gone) throw ApiError.of(404, BANK_MAPPING_NOT_FOUND);
  log.info({ bankName: gone.bankName, by: actorUserId }, "bank column mapping forgotten");
}
