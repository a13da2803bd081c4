ALTER TABLE "enrollments" ADD COLUMN "source" varchar(20);--> statement-breakpoint
CREATE INDEX "enrollments_source_date_idx" ON "enrollments" USING btree ("source","application_date","id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_source_check" CHECK ("enrollments"."source" in ('whatsapp', 'facebook', 'instagram', 'google', 'radio', 'amigo', 'outro'));