ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'sms_sent';--> statement-breakpoint
ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'sms_delivered';--> statement-breakpoint
ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'sms_failed';--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(200) NOT NULL,
	"enrollment_id" uuid,
	"to" varchar(40) NOT NULL,
	"template" varchar(30) NOT NULL,
	"body" varchar(160) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_id" varchar(64),
	"error_code" varchar(20),
	"error" varchar(500),
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'held', 'sending', 'sent', 'delivered', 'failed', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "institute_settings" ADD COLUMN "sms_daily_cap" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "institute_settings" ADD COLUMN "sms_per_student_daily_cap" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD COLUMN "sms_opt_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD COLUMN "sms_opt_in_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_key_idx" ON "sms_messages" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_idx" ON "sms_messages" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "sms_messages_enrollment_idx" ON "sms_messages" USING btree ("enrollment_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_claimed_idx" ON "sms_messages" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "sms_messages_to_claimed_idx" ON "sms_messages" USING btree ("to","claimed_at");--> statement-breakpoint
CREATE INDEX "sms_messages_status_idx" ON "sms_messages" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "institute_settings" ADD CONSTRAINT "institute_settings_sms_caps_check" CHECK ("institute_settings"."sms_daily_cap" >= 0 and "institute_settings"."sms_per_student_daily_cap" >= 0);