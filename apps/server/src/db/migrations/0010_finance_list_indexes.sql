DROP INDEX "payments_date_idx";--> statement-breakpoint
CREATE INDEX "payment_receipts_submitted_idx" ON "payment_receipts" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "payment_receipts_reference_idx" ON "payment_receipts" USING btree ("payment_reference_code");--> statement-breakpoint
CREATE INDEX "payments_newest_idx" ON "payments" USING btree ("payment_date","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_method_newest_idx" ON "payments" USING btree ("payment_method","payment_date","created_at","id");