import { NAME_MAX, PHONE_MAX } from "@app/shared/limits";
import { pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { staffRole } from "./enums";

/** A staff user's profile. One role per user (null until a super_admin gives one: 'Sem perfil'). */
export const staffProfiles = pgTable("staff_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUser.id, { onDelete: "cascade" }),
  fullName: varchar("full_name", { length: NAME_MAX }).notNull(),
  phone: varchar("phone", { length: PHONE_MAX }),
  role: staffRole("role"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
