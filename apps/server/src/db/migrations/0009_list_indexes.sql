DROP INDEX "enrollments_course_idx";--> statement-breakpoint
CREATE INDEX "enrollments_application_date_idx" ON "enrollments" USING btree ("application_date","id");--> statement-breakpoint
CREATE INDEX "enrollments_status_date_idx" ON "enrollments" USING btree ("status","application_date","id");--> statement-breakpoint
CREATE INDEX "enrollments_course_date_idx" ON "enrollments" USING btree ("course_id","application_date","id");--> statement-breakpoint
CREATE INDEX "student_accounts_created_idx" ON "student_accounts" USING btree ("created_at","id");