import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Small key/value facts about this installation (e.g. that the demo data was loaded once). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The secrets every instance shares when the environment does not set them (decision 065): the session
 * secret and the credential signing key, written once (insert-if-absent) and never changed. Apart from
 * app_meta so that nothing reading facts about the installation reads a secret by accident.
 */
export const installationSecrets = pgTable("installation_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
