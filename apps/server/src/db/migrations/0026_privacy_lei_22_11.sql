CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"student_account_id" uuid NOT NULL,
	"channel" varchar(12) NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" text,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"carried_out_at" timestamp with time zone,
	"carried_out_by" text,
	CONSTRAINT "erasure_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "erasure_requests_channel_check" CHECK ("erasure_requests"."channel" in ('portal', 'presencial')),
	CONSTRAINT "erasure_requests_status_check" CHECK ("erasure_requests"."status" in ('pending', 'done')),
	CONSTRAINT "erasure_requests_done_check" CHECK (("erasure_requests"."status" = 'done') = ("erasure_requests"."carried_out_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "file_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"file_kind" "file_kind" NOT NULL,
	"owner_user_id" text,
	"enrollment_id" uuid,
	"actor_user_id" text,
	"screen" varchar(20) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_acceptances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"version" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "privacy_settings_single_row_check" CHECK ("privacy_settings"."id" = 1),
	CONSTRAINT "privacy_settings_retention_check" CHECK ("privacy_settings"."retention_months" is null or "privacy_settings"."retention_months" > 0)
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_student_account_id_student_accounts_id_fk" FOREIGN KEY ("student_account_id") REFERENCES "public"."student_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_requested_by_auth_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_carried_out_by_auth_user_id_fk" FOREIGN KEY ("carried_out_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_owner_user_id_auth_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_accesses" ADD CONSTRAINT "file_accesses_actor_user_id_auth_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_acceptances" ADD CONSTRAINT "privacy_acceptances_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_acceptances" ADD CONSTRAINT "privacy_acceptances_version_privacy_notices_version_fk" FOREIGN KEY ("version") REFERENCES "public"."privacy_notices"("version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_created_by_auth_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_open_idx" ON "erasure_requests" USING btree ("student_account_id") WHERE "erasure_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "file_accesses_enrollment_idx" ON "file_accesses" USING btree ("enrollment_id","at");--> statement-breakpoint
CREATE INDEX "file_accesses_owner_idx" ON "file_accesses" USING btree ("owner_user_id","at");--> statement-breakpoint
INSERT INTO "privacy_settings" ("id", "retention_months") VALUES (1, 12) ON CONFLICT DO NOTHING;
