import { MAX_FILE_BYTES } from "@app/shared/limits";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { fileKind } from "./enums";

/** Every stored file: generated storage key (never the uploader's file name), checked type and size. */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUserId: text("owner_user_id").references(() => authUser.id, { onDelete: "restrict" }),
    kind: fileKind("kind").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the content was deleted from storage (retention or erasure, decision 099): the row stays, so the
     * enrolment or receipt keeps that it had the file and when it went.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [check("stored_files_size_check", sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(MAX_FILE_BYTES))}`)],
);
