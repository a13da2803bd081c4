-- pg_trgm: trusted since PostgreSQL 13, so the database owner may create it (decision 062).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "student_name_key" text GENERATED ALWAYS AS (lower(translate("student_name", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "student_email_key" text GENERATED ALWAYS AS (lower(translate("student_email", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "payment_reference_code_key" text GENERATED ALWAYS AS (lower(translate("payment_reference_code", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "payment_reference_code_key" text GENERATED ALWAYS AS (lower(translate("payment_reference_code", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD COLUMN "student_name_key" text GENERATED ALWAYS AS (lower(translate("student_name", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD COLUMN "student_email_key" text GENERATED ALWAYS AS (lower(translate("student_email", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD COLUMN "student_code_key" text GENERATED ALWAYS AS (lower(translate("student_code", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
CREATE INDEX "courses_name_key_idx" ON "courses" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "enrollments_student_name_search_idx" ON "enrollments" USING gin ("student_name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrollments_student_email_search_idx" ON "enrollments" USING gin ("student_email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrollments_reference_search_idx" ON "enrollments" USING gin ("payment_reference_code_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrollments_student_phone_search_idx" ON "enrollments" USING gin ("student_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrollments_student_name_key_idx" ON "enrollments" USING btree ("student_name_key","id");--> statement-breakpoint
CREATE INDEX "payment_receipts_reference_search_idx" ON "payment_receipts" USING gin ("payment_reference_code_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_accounts_name_search_idx" ON "student_accounts" USING gin ("student_name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_accounts_email_search_idx" ON "student_accounts" USING gin ("student_email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_accounts_code_search_idx" ON "student_accounts" USING gin ("student_code_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_accounts_phone_search_idx" ON "student_accounts" USING gin ("student_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_accounts_name_key_idx" ON "student_accounts" USING btree ("student_name_key","id");