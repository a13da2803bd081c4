CREATE TABLE "auth_two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_role_settings" (
	"role" "staff_role" PRIMARY KEY NOT NULL,
	"two_factor_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_user_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"by_user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_two_factor" ADD CONSTRAINT "auth_two_factor_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_events" ADD CONSTRAINT "staff_user_events_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user_events" ADD CONSTRAINT "staff_user_events_by_user_id_auth_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_two_factor_user_id_idx" ON "auth_two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_user_events_user_id_idx" ON "staff_user_events" USING btree ("user_id","at");
--> statement-breakpoint
-- Decision 076: a new installation (no staff user yet) requires the second factor of super_admin and
-- financeiro; an existing one starts with nothing required and its super_admin is told on the dashboard.
INSERT INTO "staff_role_settings" ("role", "two_factor_required")
SELECT r, r IN ('super_admin', 'financeiro') AND NOT EXISTS (SELECT 1 FROM "staff_profiles")
FROM unnest(enum_range(NULL::"staff_role")) AS r;
