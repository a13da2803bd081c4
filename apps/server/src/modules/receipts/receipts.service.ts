import { createHash } from "node:crypto";
import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { PAYMENT_METHOD_LABELS, RECEIPT_PAYMENT_METHOD, type ReceiptStatus } from "@app/shared/enums";
import { receiptApprovedNote, receiptRejectedNote, receiptSentNote } from "@app/shared/history-notes";
import { RECEIPT_MIME_TYPES } from "@app/shared/limits";
import {
  RECEIPT_ALREADY_PENDING,
  RECEIPT_ENROLLMENT_NOT_READY,
  RECEIPT_NOT_FOUND,
  RECEIPT_NOT_PENDING,
  RECEIPT_WRONG_TYPE,
  REQUIRED_FIELDS,
} from "@app/shared/messages";
import { receiptDivergence } from "@app/shared/rules";
import {
  type AdminReceiptRow,
  type approveReceiptSchema,
  type OwnReceipt,
  RECEIPT_MESSAGES,
  type ReceiptDuplicate,
  type ReceiptListQuery,
  type ReceiptSortKey,
  type ReceiptStats,
  type rejectReceiptSchema,
  submitReceiptSchema,
} from "@app/shared/schemas/receipts";
import { type AnyColumn, and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { listAnswer, listOrder, pageWindow, searchCondition } from "../../db/lists";
import { isUniqueViolation } from "../../db/pg-errors";
import {
  authUser,
  bankStatementLines,
  bankStatements,
  courses,
  enrollments,
  paymentReceipts,
  storedFiles,
} from "../../db/schema";
import { ApiError } from "../../http/errors";
import { checkFile } from "../../storage/file-check";
import type { FileStorage } from "../../storage/storage";
import { putFiles, recordFiles, removeFiles } from "../../storage/stored-files";
import { linkReceipt, receiptStatementState, settleLinkedLine } from "../bank-statements/statement-receipts";
import { recordEvent } from "../enrollments/enrollment-history";
import { ofEnrollmentMatching } from "../enrollments/enrollment-search";
import { enrollmentBalance } from "../payment-recording/balance";
import { enqueueStudentEmail } from "../payment-recording/payment-emails";
import { lockEnrollment, type RecordingDeps, recordPayment } from "../payment-recording/record-payment";
import { queueReceiptRejectedSms } from "../sms/student-sms";
import { receiptRejectedEmail } from "./receipt-emails";

type FormFields = Record<string, unknown>;

const fileIssue = (message: string) => ApiError.of(400, REQUIRED_FIELDS, [{ path: "file", message }]);

/** The fields, then the file (present, ≤ 5 MB → 413, JPEG/PNG/PDF by content → 415). Nothing is written. */
export async function readReceiptForm(form: FormFields) {
  const parsed = submitReceiptSchema.safeParse(form);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw ApiError.of(400, REQUIRED_FIELDS, issues);
  }
  const value = form.file;
  if (!(value instanceof File) || (value.size === 0 && !value.name)) throw fileIssue(RECEIPT_MESSAGES.file);
  const data = Buffer.from(await value.arrayBuffer());
  const checked = await checkFile(data, RECEIPT_MIME_TYPES, RECEIPT_WRONG_TYPE);
  return { input: parsed.data, data, checked };
}

/**
 * The enrolment when it is the student's own and awaits payment with a reference code (409 otherwise,
 * another student's enrolment answering alike); `lock` holds its row for the rest of the transaction.
 */
async function payableEnrollment(db: Database | Tx, studentAccountId: string, enrollmentId: string, lock: boolean) {
  const query = db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.studentAccountId, studentAccountId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row?.paymentReferenceCode || !RECEIPT_SENDING_STATUSES.includes(row.status)) {
    throw ApiError.of(409, RECEIPT_ENROLLMENT_NOT_READY);
  }
  return row;
}

/**
 * The student sends a receipt (SPEC §7 'Receipt submission'), all or nothing: the file is checked and
 * stored, then one transaction locks the enrolment (own, in RECEIPT_SENDING_STATUSES, with a code),
 * refuses a second pending receipt (409; the partial unique index holds it under a race), records the
 * file, inserts the pending receipt with what the enrolment still owes (its 'Valor Esperado': the price
 * less what was paid, decision 083) and the code copied, moves the enrolment to
 * payment_pending and writes History. On any failure the stored file is removed.
 */
export async function submitOwnReceipt(
  db: Database,
  storage: FileStorage,
  who: { studentAccountId: string; userId: string },
  form: FormFields,
): Promise<OwnReceipt> {
  const { input, data, checked } = await readReceiptForm(form);
  await payableEnrollment(db, who.studentAccountId, input.enrollmentId, false);
  const sha256 = createHash("sha256").update(data).digest("hex");

  const written = await putFiles(storage, [{ kind: "receipt", data, checked }]);
  let receiptId: string;
  try {
    receiptId = await db.transaction(async (tx) => {
      const enrollment = await payableEnrollment(tx, who.studentAccountId, input.enrollmentId, true);
      const [pending] = await tx
        .select({ id: paymentReceipts.id })
        .from(paymentReceipts)
        .where(and(eq(paymentReceipts.enrollmentId, enrollment.id), eq(paymentReceipts.status, "pending")));
      if (pending) throw ApiError.of(409, RECEIPT_ALREADY_PENDING);
      // 'Valor Esperado': what the enrolment still owes, its price less what was paid (decision 083).
      const { balance } = await enrollmentBalance(tx, enrollment);
      const [fileId] = await recordFiles(tx, who.userId, written);
      const [receipt] = await tx
        .insert(paymentReceipts)
        .values({
          studentAccountId: who.studentAccountId,
          enrollmentId: enrollment.id,
          fileId: fileId!,
          fileType: checked.contentType === "application/pdf" ? "pdf" : "image",
          status: "pending",
          paidAmount: input.paidAmount,
          paymentDate: input.paymentDate,
          coursePrice: balance,
          paymentReferenceCode: enrollment.paymentReferenceCode,
          fileSha256: sha256,
        })
        .returning({ id: paymentReceipts.id });
      if (enrollment.status !== "payment_pending") {
        await tx.update(enrollments).set({ status: "payment_pending" }).where(eq(enrollments.id, enrollment.id));
      }
      await recordEvent(tx, enrollment.id, {
        actorUserId: who.userId,
        fromStatus: enrollment.status,
        toStatus: "payment_pending",
        kind: enrollment.status === "payment_pending" ? "receipt_sent" : null,
        note: receiptSentNote(input.paidAmount, input.paymentDate),
      });
      // A statement line already imported for this payment (decision 074).
      await linkReceipt(tx, receipt!.id);
      return receipt!.id;
    });
  } catch (err) {
    await removeFiles(storage, written);
    if (isUniqueViolation(err)) throw ApiError.of(409, RECEIPT_ALREADY_PENDING);
    throw err;
  }
  const mine = await listOwnReceipts(db, who.studentAccountId);
  return mine.find((r) => r.id === receiptId)!;
}

/** GET /me/receipts: the student's own receipts, newest first. */
export async function listOwnReceipts(db: Database, studentAccountId: string): Promise<OwnReceipt[]> {
  const rows = await db
    .select({ r: paymentReceipts, courseName: courses.name })
    .from(paymentReceipts)
    .innerJoin(enrollments, eq(enrollments.id, paymentReceipts.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(paymentReceipts.studentAccountId, studentAccountId))
    .orderBy(desc(paymentReceipts.submittedAt));
  return rows.map(({ r, courseName }) => ({
    id: r.id,
    enrollmentId: r.enrollmentId,
    courseName,
    paidAmount: r.paidAmount,
    paymentDate: r.paymentDate,
    paymentReferenceCode: r.paymentReferenceCode,
    status: r.status,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    notes: r.notes,
    fileId: r.fileId,
    fileType: r.fileType,
  }));
}

const reviewer = alias(authUser, "reviewer");

/** A receipt with its enrolment's student, the course, the file's type and who reviewed it. */
function selectReceipts(db: Database) {
  return db
    .select({
      r: paymentReceipts,
      e: {
        status: enrollments.status,
        studentName: enrollments.studentName,
        studentPhone: enrollments.studentPhone,
        studentEmail: enrollments.studentEmail,
      },
      courseName: courses.name,
      contentType: storedFiles.contentType,
      reviewedByName: reviewer.name,
      statement: receiptStatementState,
      line: {
        statementId: bankStatementLines.statementId,
        lineNumber: bankStatementLines.lineNumber,
        date: bankStatementLines.date,
        amount: bankStatementLines.amount,
        bankName: bankStatements.bankName,
        fileName: bankStatements.fileName,
      },
    })
    .from(paymentReceipts)
    .innerJoin(enrollments, eq(enrollments.id, paymentReceipts.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(storedFiles, eq(storedFiles.id, paymentReceipts.fileId))
    .leftJoin(reviewer, eq(reviewer.id, paymentReceipts.reviewedBy))
    .leftJoin(bankStatementLines, eq(bankStatementLines.receiptId, paymentReceipts.id))
    .leftJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof selectReceipts>["execute"]>>[number];
type Candidate = Pick<
  Row["r"],
  "id" | "enrollmentId" | "fileSha256" | "paidAmount" | "paymentDate" | "paymentReferenceCode"
>;

const paymentKey = (r: Pick<Candidate, "paidAmount" | "paymentDate" | "paymentReferenceCode">) =>
  r.paymentReferenceCode ? `${r.paidAmount.toFixed(2)}|${r.paymentDate}|${r.paymentReferenceCode}` : null;

/**
 * Receipts already sent for ANOTHER enrolment with the same file (SHA-256), or the same amount, date and
 * reference code: a warning for finance, never a block. Only the receipts sharing a file or a code with
 * the targets (a page, or one receipt) are read, by the indexes on the hash and on the code.
 */
async function duplicatesOf(db: Database, targets: Candidate[]): Promise<Map<string, ReceiptDuplicate[]>> {
  const hashes = [...new Set(targets.flatMap((t) => (t.fileSha256 ? [t.fileSha256] : [])))];
  const codes = [...new Set(targets.flatMap((t) => (t.paymentReferenceCode ? [t.paymentReferenceCode] : [])))];
  const related =
    hashes.length + codes.length === 0
      ? []
      : await db
          .select({
            id: paymentReceipts.id,
            enrollmentId: paymentReceipts.enrollmentId,
            fileSha256: paymentReceipts.fileSha256,
            paidAmount: paymentReceipts.paidAmount,
            paymentDate: paymentReceipts.paymentDate,
            paymentReferenceCode: paymentReceipts.paymentReferenceCode,
            status: paymentReceipts.status,
            studentName: enrollments.studentName,
          })
          .from(paymentReceipts)
          .innerJoin(enrollments, eq(enrollments.id, paymentReceipts.enrollmentId))
          .where(
            or(
              hashes.length ? inArray(paymentReceipts.fileSha256, hashes) : undefined,
              codes.length ? inArray(paymentReceipts.paymentReferenceCode, codes) : undefined,
            ),
          );
  const byHash = new Map<string, typeof related>();
  const byPayment = new Map<string, typeof related>();
  const push = (m: Map<string, typeof related>, k: string | null, v: (typeof related)[number]) => {
    if (k) m.set(k, [...(m.get(k) ?? []), v]);
  };
  for (const r of related) {
    push(byHash, r.fileSha256, r);
    push(byPayment, paymentKey(r), r);
  }
  const result = new Map<string, ReceiptDuplicate[]>();
  for (const t of targets) {
    const found: ReceiptDuplicate[] = [];
    const add = (kind: ReceiptDuplicate["kind"], others: typeof related | undefined) => {
      for (const o of others ?? []) {
        if (o.enrollmentId === t.enrollmentId) continue;
        found.push({
          kind,
          receiptId: o.id,
          enrollmentId: o.enrollmentId,
          studentName: o.studentName,
          status: o.status,
        });
      }
    };
    if (t.fileSha256) add("same_file", byHash.get(t.fileSha256));
    const key = paymentKey(t);
    if (key) add("same_payment", byPayment.get(key));
    result.set(t.id, found);
  }
  return result;
}

function toAdminRow(row: Row, duplicates: ReceiptDuplicate[]): AdminReceiptRow {
  const { r, e } = row;
  const divergence = receiptDivergence(r.paidAmount, r.coursePrice);
  return {
    id: r.id,
    enrollmentId: r.enrollmentId,
    enrollmentStatus: e.status,
    studentName: e.studentName,
    studentPhone: e.studentPhone,
    studentEmail: e.studentEmail,
    courseName: row.courseName,
    paymentReferenceCode: r.paymentReferenceCode,
    paidAmount: r.paidAmount,
    coursePrice: r.coursePrice,
    divergence: divergence.difference,
    divergenceCorrect: divergence.correct,
    paymentDate: r.paymentDate,
    status: r.status,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewedByName: row.reviewedByName,
    notes: r.notes,
    fileId: r.fileId,
    fileType: r.fileType,
    fileContentType: row.contentType,
    duplicates,
    statement: row.statement,
    statementLine: row.line?.statementId ? (row.line as NonNullable<AdminReceiptRow["statementLine"]>) : null,
  };
}

/**
 * The cards: every receipt counted by status, and the approved and pending amounts. One row per status,
 * read from the (status, paid_amount) index alone (decision 068), then put together.
 */
export async function receiptStats(db: Database): Promise<ReceiptStats> {
  const perStatus = await db
    .select({
      status: paymentReceipts.status,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${paymentReceipts.paidAmount}), 0)::text`,
    })
    .from(paymentReceipts)
    .groupBy(paymentReceipts.status);
  const of = (status: ReceiptStatus) => perStatus.find((row) => row.status === status);
  return {
    total: perStatus.reduce((sum, row) => sum + row.count, 0),
    pending: of("pending")?.count ?? 0,
    approved: of("approved")?.count ?? 0,
    rejected: of("rejected")?.count ?? 0,
    approvedAmount: Number(of("approved")?.amount ?? 0),
    pendingAmount: Number(of("pending")?.amount ?? 0),
  };
}

/** The receipts awaiting validation, how many and their amount (Financeiro's cards), from the index alone. */
export async function pendingReceiptTotals(db: Database): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${paymentReceipts.paidAmount}), 0)::text`,
    })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.status, "pending"));
  return { count: row!.count, amount: Number(row!.amount) };
}

const RECEIPT_SORTABLE: Record<ReceiptSortKey, AnyColumn | SQL> = {
  // Names sort as the search reads them, accents aside ('Ângela' with the A's), as in decision 057.
  student: enrollments.studentNameKey,
  course: courses.nameKey,
  amounts: paymentReceipts.paidAmount,
  dates: paymentReceipts.submittedAt,
  // The workflow's order: pending, approved, rejected.
  status: paymentReceipts.status,
};

/**
 * GET /admin/receipts: one page of the receipts (newest sent first unless a column is chosen), searched
 * by the student's name or phone, the course or the reference code; how many match; the duplicate
 * warnings of the page's receipts; and the cards over every receipt (the search does not narrow them).
 */
export async function listAdminReceipts(db: Database, query: ReceiptListQuery) {
  // The student's name, phone or course (of the enrolment), or the receipt's own reference code.
  const matching = and(
    or(
      await ofEnrollmentMatching(db, paymentReceipts.enrollmentId, query.q, [enrollments.studentNameKey]),
      searchCondition(query.q, [paymentReceipts.paymentReferenceCodeKey]),
    ),
    query.statement ? sql`${receiptStatementState} = ${query.statement}` : undefined,
  );
  const narrowed = Boolean(query.q || query.statement);
  const order = listOrder(
    query,
    RECEIPT_SORTABLE,
    { by: paymentReceipts.submittedAt, dir: "desc" },
    paymentReceipts.id,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, counts, [found]] = await Promise.all([
    selectReceipts(db)
      .where(matching)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    receiptStats(db),
    // A search counts its matches beside the page (decision 062); without one the cards' total is the count.
    narrowed ? db.select({ total: sql<number>`count(*)::int` }).from(paymentReceipts).where(matching) : [undefined],
  ]);
  const total = found?.total ?? counts.total;
  const dups = await duplicatesOf(
    db,
    rows.map((x) => x.r),
  );
  const receipts = rows.map((x) => toAdminRow(x, dups.get(x.r.id) ?? []));
  return { ...listAnswer(query, receipts, total), counts };
}

export async function getAdminReceipt(db: Database, id: string): Promise<AdminReceiptRow> {
  const [row] = await selectReceipts(db).where(eq(paymentReceipts.id, id));
  if (!row) throw ApiError.of(404, RECEIPT_NOT_FOUND);
  const dups = await duplicatesOf(db, [row.r]);
  return toAdminRow(row, dups.get(row.r.id) ?? []);
}

/** Locks the receipt for the rest of the transaction; only a pending one may be judged (409 otherwise). */
async function lockPendingReceipt(tx: Tx, id: string) {
  const [row] = await tx.select().from(paymentReceipts).where(eq(paymentReceipts.id, id)).for("update");
  if (!row) throw ApiError.of(404, RECEIPT_NOT_FOUND);
  if (row.status !== "pending") throw ApiError.of(409, RECEIPT_NOT_PENDING);
  return row;
}

/** What a review needs: a payment recorded (decision 079) and the student's e-mail. */
export type ReviewDeps = RecordingDeps;

/**
 * Approval (SPEC §4 'Receipt status'), one transaction: the receipt row locked and still pending, set
 * approved with reviewed_at/by; a completed payment ('Transferência Bancária', the declared amount and
 * date, 'Pagamento validado. Ref: {code}', the receipt id); the enrolment (locked) → enrolled; History.
 * Two approvals at once: the second waits for the lock, then meets 'approved' (409) — one payment.
 * An enrolment already paid (a statement line confirmed first, decision 070): 409, nothing changes.
 * An amount short of what the enrolment owes needs finance's `difference` (409 without it, decision 083).
 * The student's e-mail, when the enrolment has one, is enqueued in the same transaction (decision 056).
 */
export async function approveReceipt(
  deps: ReviewDeps,
  actorUserId: string,
  id: string,
  input: z.output<typeof approveReceiptSchema> = {},
) {
  const { db } = deps;
  const studentEmail = await db.transaction(async (tx) => {
    const receipt = await lockPendingReceipt(tx, id);
    const enrollment = await lockEnrollment(tx, receipt.enrollmentId);
    await tx
      .update(paymentReceipts)
      .set({ status: "approved", reviewedAt: new Date(), reviewedBy: actorUserId })
      .where(eq(paymentReceipts.id, id));
    const { studentEmail } = await recordPayment(tx, deps, actorUserId, enrollment, {
      amount: receipt.paidAmount,
      paymentDate: receipt.paymentDate,
      referenceCode: receipt.paymentReferenceCode,
      receiptId: id,
      historyNote: receiptApprovedNote(receipt.paidAmount, PAYMENT_METHOD_LABELS[RECEIPT_PAYMENT_METHOD]),
      difference: input.difference,
    });
    // A statement line of this payment imported before: linked, and 'Já pago' if still open (decision 074).
    await linkReceipt(tx, id);
    await settleLinkedLine(tx, id);
    return studentEmail;
  });
  return { receipt: await getAdminReceipt(db, id), studentEmail };
}

/**
 * Rejection: pending → rejected with reviewed_at/by and the reason in notes; the enrolment (locked)
 * payment_pending → receipt_rejected, so it reads as awaiting a new receipt (decision 050), or back to
 * partial_payment when part of its price was already received (decision 083); History.
 * The student may send another, which moves it back to payment_pending. The e-mail as at approval.
 */
export async function rejectReceipt(
  deps: ReviewDeps,
  actorUserId: string,
  id: string,
  input: z.output<typeof rejectReceiptSchema>,
) {
  const { db } = deps;
  const studentEmail = await db.transaction(async (tx) => {
    const receipt = await lockPendingReceipt(tx, id);
    await tx
      .update(paymentReceipts)
      .set({ status: "rejected", reviewedAt: new Date(), reviewedBy: actorUserId, notes: input.reason })
      .where(eq(paymentReceipts.id, id));
    const enrollment = await lockEnrollment(tx, receipt.enrollmentId);
    const awaitsNewReceipt = enrollment.status === "payment_pending";
    // Part of the price already received: the enrolment goes back to awaiting its balance (decision 083).
    const back = (await enrollmentBalance(tx, enrollment)).paid > 0 ? "partial_payment" : "receipt_rejected";
    if (awaitsNewReceipt) {
      await tx.update(enrollments).set({ status: back }).where(eq(enrollments.id, receipt.enrollmentId));
    }
    await recordEvent(tx, receipt.enrollmentId, {
      actorUserId,
      fromStatus: enrollment.status,
      toStatus: awaitsNewReceipt ? back : enrollment.status,
      kind: awaitsNewReceipt ? null : "receipt_rejected",
      note: receiptRejectedNote(input.reason),
    });
    const paid = {
      amount: receipt.paidAmount,
      paymentDate: receipt.paymentDate,
      referenceCode: receipt.paymentReferenceCode,
    };
    await queueReceiptRejectedSms(tx, deps.sms, receipt.enrollmentId, id, input.reason);
    return enqueueStudentEmail(tx, deps, paid, enrollment, (email) =>
      receiptRejectedEmail({ ...email, reason: input.reason }),
    );
  });
  return { receipt: await getAdminReceipt(db, id), studentEmail };
}
