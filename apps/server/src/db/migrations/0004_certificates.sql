ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'certificate_revoked';--> statement-breakpoint
ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'certificate_reissued';--> statement-breakpoint
ALTER TYPE "public"."enrollment_status" ADD VALUE 'completed';--> statement-breakpoint
ALTER TYPE "public"."enrollment_status" ADD VALUE 'not_completed';--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "workload_hours" integer;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "final_grade" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "result_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "result_by" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "student_name" varchar(100) NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_name" varchar(100) NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "workload_hours" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "duration_months" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issued_by" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "replaces_certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_result_by_auth_user_id_fk" FOREIGN KEY ("result_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_auth_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_auth_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaces_certificate_id_certificates_id_fk" FOREIGN KEY ("replaces_certificate_id") REFERENCES "public"."certificates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_enrollment_idx" ON "certificates" USING btree ("enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_valid_idx" ON "certificates" USING btree ("enrollment_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_unique" UNIQUE("user_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_workload_hours_check" CHECK ("courses"."workload_hours" between 1 and 2000);--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_final_grade_check" CHECK ("enrollments"."final_grade" between 0 and 20);--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_number_check" CHECK ("certificates"."certificate_number" ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$');--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revocation_check" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null));