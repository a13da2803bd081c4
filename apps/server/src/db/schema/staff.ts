import { NAME_MAX, PHONE_MAX } from "@app/shared/limits";
import { boolean, index, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
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

/**
 * Per-role settings kept by the super_admin on 'Perfis de Acesso' (decision 076): whether the role's
 * users must sign in with a second factor. A role without a row requires nothing.
 */
export const staffRoleSettings = pgTable("staff_role_settings", {
  role: staffRole("role").primaryKey(),
  twoFactorRequired: boolean("two_factor_required").notNull().default(false),
});

/**
 * Things done to a staff user's account by someone else, shown in the user's history (decision 076):
 * for now, a super_admin turning off their two-factor sign-in.
 */
export const staffUserEvents = pgTable(
  "staff_user_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    byUserId: text("by_user_id").references(() => authUser.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_user_events_user_id_idx").on(t.userId, t.at)],
);
