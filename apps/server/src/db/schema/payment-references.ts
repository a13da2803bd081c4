import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { enrollments } from "./enrollments";
import { payments } from "./finance";

/**
 * Multicaixa references (issue 26, decision 075): one row per reference issued for an enrolment's
 * payment. 'creating' until the queued job got it from the provider; 'active' payable until ends_at;
 * 'paid'; 'replaced' by a renewal; 'deleted' at the provider (rejected or cancelled enrolment).
 */
export const paymentReferences = pgTable(
  "payment_references",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 20 }).notNull().default("proxypay"),
    entity: varchar("entity", { length: 5 }).notNull(),
    /** The provider's 9-digit reference id; null while 'creating'. */
    reference: varchar("reference", { length: 9 }),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: varchar("status", { length: 10 })
      .$type<"creating" | "active" | "paid" | "replaced" | "deleted">()
      .notNull()
      .default("creating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_references_amount_check", sql`${t.amount} > 0`),
    check("payment_references_status_check", sql`${t.status} in ('creating', 'active', 'paid', 'replaced', 'deleted')`),
    uniqueIndex("payment_references_reference_idx").on(t.entity, t.reference),
    index("payment_references_enrollment_idx").on(t.enrollmentId, t.createdAt),
  ],
);

/** The widths of a provider's payment in `reference_payment_notifications`: the provider's payment is read against them. */
export const NOTIFICATION_COLUMNS = { providerPaymentId: 40, entity: 10, reference: 20, invalidReason: 500 } as const;

/**
 * Every payment the provider reported (webhook or poll), once per provider payment id: the unique index
 * makes any number of repeated or concurrent notifications give one row, and so one payment. 'applied'
 * recorded the payment; the others are finance's 'Pagamentos por referência' list (nothing is lost).
 * 'invalid' (decision 079): a payment that does not fit these columns, kept with what could be read of
 * it (amount and date null when unreadable) and why.
 */
export const referencePaymentNotifications = pgTable(
  "reference_payment_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: varchar("provider", { length: 20 }).notNull().default("proxypay"),
    providerPaymentId: varchar("provider_payment_id", { length: NOTIFICATION_COLUMNS.providerPaymentId }).notNull(),
    entity: varchar("entity", { length: NOTIFICATION_COLUMNS.entity }).notNull(),
    reference: varchar("reference", { length: NOTIFICATION_COLUMNS.reference }).notNull(),
    /** Null only for an 'invalid' payment whose amount could not be read. */
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }),
    /** Null only for an 'invalid' payment whose date could not be read. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    outcome: varchar("outcome", { length: 20 })
      .$type<"applied" | "unknown_reference" | "wrong_amount" | "not_payable" | "invalid">()
      .notNull(),
    /** Why an 'invalid' payment does not fit (Portuguese, shown to finance). */
    invalidReason: varchar("invalid_reason", { length: NOTIFICATION_COLUMNS.invalidReason }),
    paymentReferenceId: uuid("payment_reference_id").references(() => paymentReferences.id, { onDelete: "set null" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** The provider's payment object as received. */
    raw: jsonb("raw").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * How finance settled one that was not applied by itself (decision 077): 'applied' by hand to an
     * enrolment (payment_id set), or 'archived' with a reason (e.g. refunded). Null: still open.
     */
    resolution: varchar("resolution", { length: 10 }).$type<"applied" | "archived">(),
    resolvedBy: text("resolved_by").references(() => authUser.id, { onDelete: "restrict" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The reason given when archived. */
    resolutionNote: text("resolution_note"),
  },
  (t) => [
    check("reference_payment_notifications_resolution_check", sql`${t.resolution} in ('applied', 'archived')`),
    check(
      "reference_payment_notifications_readable_check",
      sql`${t.outcome} = 'invalid' or (${t.amount} is not null and ${t.paidAt} is not null and ${t.invalidReason} is null)`,
    ),
    uniqueIndex("reference_payment_notifications_provider_idx").on(t.provider, t.providerPaymentId),
    index("reference_payment_notifications_outcome_idx").on(t.outcome, t.receivedAt),
  ],
);
