import { jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * The column mapping last used to import each kind of sheet (issue 38, decision 097): proposed again for the
 * next file of that kind when its header does not name a column.
 */
export const importColumnMappings = pgTable("import_column_mappings", {
  kind: varchar("kind", { length: 20 }).primaryKey(),
  /** Column key → the sheet's column index (0-based), or null. */
  mapping: jsonb("mapping").$type<Record<string, number | null>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
