import { CERTIFICATE_NUMBER_LENGTH, UNAMBIGUOUS_ALPHABET } from "@app/shared/certificate-number";
import type { PaymentMethod } from "@app/shared/enums";
import { NAME_MAX } from "@app/shared/limits";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { containsIndex, normalisedColumn } from "../lists";
import { authUser } from "./auth";
import { enrollments } from "./enrollments";
import { paymentStatus, receiptFileType, receiptStatus } from "./enums";
import { storedFiles } from "./files";
import { studentAccounts } from "./students";

export const paymentReceipts = pgTable(
  "payment_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentAccountId: uuid("student_account_id")
      .notNull()
      .references(() => studentAccounts.id, { onDelete: "restrict" }),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "restrict" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
    fileType: receiptFileType("file_type").notNull(),
    status: receiptStatus("status").notNull().default("pending"),
    paidAmount: numeric("paid_amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    paymentDate: date("payment_date").notNull(),
    coursePrice: numeric("course_price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    paymentReferenceCode: varchar("payment_reference_code", { length: 50 }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => authUser.id, { onDelete: "restrict" }),
    notes: text("notes"),
    /** SHA-256 (hex) of the file's content: the same file sent for another enrolment is flagged (issue 13). */
    fileSha256: varchar("file_sha256", { length: 64 }),
    // Searched as stored, case aside (decision 062); never written by us.
    paymentReferenceCodeKey: normalisedColumn("payment_reference_code_key", "payment_reference_code"),
  },
  (t) => [
    check("payment_receipts_paid_amount_check", sql`${t.paidAmount} >= 0`),
    index("payment_receipts_enrollment_idx").on(t.enrollmentId),
    index("payment_receipts_student_idx").on(t.studentAccountId),
    index("payment_receipts_sha256_idx").on(t.fileSha256),
    // Comprovantes' default order (newest sent first, read backwards) and its duplicate warnings by code.
    index("payment_receipts_submitted_idx").on(t.submittedAt, t.id),
    index("payment_receipts_reference_idx").on(t.paymentReferenceCode),
    // The cards' counts and amounts per status read from the index alone (decision 068).
    index("payment_receipts_status_amounts_idx").on(t.status, t.paidAmount),
    containsIndex("payment_receipts_reference_search_idx", t.paymentReferenceCodeKey),
    // At most one receipt awaiting validation per enrolment: a double submit gives one receipt.
    uniqueIndex("payment_receipts_one_pending_idx").on(t.enrollmentId).where(sql`${t.status} = 'pending'`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    paymentDate: date("payment_date").notNull(),
    paymentMethod: varchar("payment_method", { length: 50 }).$type<PaymentMethod>().notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    notes: text("notes"),
    receiptId: uuid("receipt_id").references(() => paymentReceipts.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the enrolment still owed after this payment (decision 083): above 0 awaited (or accepted, below),
     * below 0 the excess to refund or credit. Null before balances were kept, and for the desk's payments.
     */
    balanceAfter: numeric("balance_after", { precision: 14, scale: 2, mode: "number" }),
    /** Finance accepted `balanceAfter` as paid in full: why, who and when. */
    differenceReason: text("difference_reason"),
    differenceAcceptedBy: text("difference_accepted_by").references(() => authUser.id, { onDelete: "set null" }),
    differenceAcceptedAt: timestamp("difference_accepted_at", { withTimezone: true }),
  },
  (t) => [
    check("payments_amount_check", sql`${t.amount} >= 0`),
    check("payments_difference_check", sql`(${t.differenceAcceptedAt} is null) = (${t.differenceReason} is null)`),
    index("payments_enrollment_idx").on(t.enrollmentId),
    // Financeiro's order (newest payment date, then recording, first; read backwards) for the list's pages,
    // the export's keyset batches and a period; with a method, the second.
    index("payments_newest_idx").on(t.paymentDate, t.createdAt, t.id),
    index("payments_method_newest_idx").on(t.paymentMethod, t.paymentDate, t.createdAt, t.id),
    // The sums read from the index alone (decision 068): the dashboard's 12 months and Financeiro's cards.
    index("payments_date_amounts_idx").on(t.paymentDate, t.amount, t.status),
  ],
);

export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentAccountId: uuid("student_account_id")
      .notNull()
      .references(() => studentAccounts.id, { onDelete: "restrict" }),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "restrict" }),
    /** Canonical: 12 characters of the look-alike-free alphabet, upper case, no dashes (decision 021). */
    certificateNumber: varchar("certificate_number", { length: 50 }).notNull().unique(),
    completionDate: date("completion_date").notNull(),
    issueDate: date("issue_date").notNull(),
    fileId: uuid("file_id").references(() => storedFiles.id, { onDelete: "restrict" }),
    /* What the PDF printed, so the verification shows what was issued even if the course or name changes. */
    studentName: varchar("student_name", { length: NAME_MAX }).notNull(),
    courseName: varchar("course_name", { length: NAME_MAX }).notNull(),
    workloadHours: integer("workload_hours"),
    durationMonths: integer("duration_months").notNull(),
    issuedBy: text("issued_by").references(() => authUser.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    revokedBy: text("revoked_by").references(() => authUser.id, { onDelete: "set null" }),
    /** Re-issue: the revoked certificate this one replaces. */
    replacesCertificateId: uuid("replaces_certificate_id").references((): AnyPgColumn => certificates.id, {
      onDelete: "restrict",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("certificates_student_idx").on(t.studentAccountId),
    index("certificates_enrollment_idx").on(t.enrollmentId),
    check(
      "certificates_number_check",
      sql`${t.certificateNumber} ~ ${sql.raw(`'^[${UNAMBIGUOUS_ALPHABET}]{${CERTIFICATE_NUMBER_LENGTH}}$'`)}`,
    ),
    check("certificates_revocation_check", sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
    // At most one valid certificate per enrolment: two staff completing at once give one certificate.
    uniqueIndex("certificates_one_valid_idx").on(t.enrollmentId).where(sql`${t.revokedAt} is null`),
  ],
);
