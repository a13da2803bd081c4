import type { StatementLineOutcome } from "@app/shared/bank-statements/outcomes";
import type { DifferenceChoiceKind } from "@app/shared/payment-balance";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { enrollments } from "./enrollments";
import { paymentReceipts, payments } from "./finance";

/**
 * Bank statements imported by finance (issue 25, decision 070): the file's lines, each known by its
 * checksum (decision 069) so that no line is ever imported twice, with the outcome of its matching.
 */
export const bankStatements = pgTable("bank_statements", {
  id: uuid("id").primaryKey().defaultRandom(),
  bankName: varchar("bank_name", { length: 100 }).notNull(),
  fileName: varchar("file_name", { length: 255 }).notNull(),
  importedBy: text("imported_by").references(() => authUser.id, { onDelete: "set null" }),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  /** The first and last dates of the lines read (null when none was read). */
  periodStart: date("period_start"),
  periodEnd: date("period_end"),
});

export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "cascade" }),
    /** The line of the file it was read from. */
    lineNumber: integer("line_number").notNull(),
    date: date("date").notNull(),
    /** Kwanzas, as payments store money; a credit (debits are not stored). */
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    reference: text("reference").notNull(),
    payer: text("payer").notNull(),
    /** sha256 of date, amount, reference, payer and occurrence (decision 069): never a line twice. */
    checksum: varchar("checksum", { length: 64 }).notNull().unique(),
    outcome: varchar("outcome", { length: 20 }).$type<StatementLineOutcome>().notNull(),
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "restrict" }),
    /** The code was found only through look-alikes (5/S, 2/Z…): a person confirms it. */
    proposed: boolean("proposed").notNull().default(false),
    /** Finance chose the enrolment by hand. */
    assignedByHand: boolean("assigned_by_hand").notNull().default(false),
    decidedBy: text("decided_by").references(() => authUser.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ignoreReason: text("ignore_reason"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /**
     * The receipt the student sent for the same payment (decision 074): same enrolment, same amount,
     * dates at most RECEIPT_LINE_DAYS apart. A receipt is linked to one line at most.
     */
    receiptId: uuid("receipt_id")
      .unique()
      .references(() => paymentReceipts.id, { onDelete: "set null" }),
    /**
     * Finance's choice, when assigning by hand a line short of what the enrolment owes (decision 083),
     * applied when the line is confirmed: wait for the balance, or accept the difference with the reason.
     */
    differenceChoice: varchar("difference_choice", { length: 20 }).$type<DifferenceChoiceKind>(),
    differenceReason: text("difference_reason"),
  },
  (t) => [
    index("bank_statement_lines_statement_idx").on(t.statementId, t.lineNumber),
    index("bank_statement_lines_enrollment_idx").on(t.enrollmentId),
    check("bank_statement_lines_amount_check", sql`${t.amount} > 0`),
    check("bank_statement_lines_ignored_check", sql`(${t.outcome} = 'ignored') = (${t.ignoreReason} is not null)`),
    check(
      "bank_statement_lines_difference_check",
      sql`(${t.differenceChoice} is not distinct from 'accept') = (${t.differenceReason} is not null)`,
    ),
  ],
);

/** How a bank's CSV is read, remembered by the bank's name for its next statement. */
export const bankColumnMappings = pgTable("bank_column_mappings", {
  id: uuid("id").primaryKey().defaultRandom(),
  bankName: varchar("bank_name", { length: 100 }).notNull().unique(),
  /** Column indexes (0-based) of the table's cells. */
  dateColumn: integer("date_column").notNull(),
  amountColumn: integer("amount_column"),
  creditColumn: integer("credit_column"),
  debitColumn: integer("debit_column"),
  referenceColumn: integer("reference_column").notNull(),
  payerColumn: integer("payer_column"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
