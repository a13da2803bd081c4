ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'receipt_sent';--> statement-breakpoint
ALTER TYPE "public"."enrollment_event_kind" ADD VALUE 'receipt_rejected';--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "file_sha256" varchar(64);--> statement-breakpoint
CREATE INDEX "payment_receipts_sha256_idx" ON "payment_receipts" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_one_pending_idx" ON "payment_receipts" USING btree ("enrollment_id") WHERE "payment_receipts"."status" = 'pending';