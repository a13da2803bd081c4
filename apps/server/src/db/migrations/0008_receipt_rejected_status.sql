ALTER TYPE "public"."enrollment_status" ADD VALUE 'receipt_rejected' BEFORE 'enrolled';--> statement-breakpoint
-- data migration (hand-written)
-- Enrolments still 'payment_pending' whose latest receipt was rejected (and none is pending) await a new
-- receipt: they become 'receipt_rejected' (decision 024). Their History already ends with the rejection.
-- PostgreSQL refuses to use an enum value added in the same transaction (55P04), and drizzle applies all
-- pending migrations in one. So the type is rebuilt first, with the same values in the same order (read
-- from pg_enum, so a value another migration added just before is kept): the values of a type created in
-- this transaction may be used at once.
ALTER TYPE "public"."enrollment_status" RENAME TO "enrollment_status_before_0008";--> statement-breakpoint
DO $$
DECLARE labels text;
BEGIN
  SELECT string_agg(quote_literal(enumlabel), ', ' ORDER BY enumsortorder) INTO labels
  FROM pg_enum WHERE enumtypid = '"public"."enrollment_status_before_0008"'::regtype;
  EXECUTE format('CREATE TYPE "public"."enrollment_status" AS ENUM (%s)', labels);
END $$;--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "status" TYPE "public"."enrollment_status" USING "status"::text::"public"."enrollment_status";--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "status" SET DEFAULT 'pre_inscrito';--> statement-breakpoint
ALTER TABLE "enrollment_events" ALTER COLUMN "from_status" TYPE "public"."enrollment_status" USING "from_status"::text::"public"."enrollment_status";--> statement-breakpoint
ALTER TABLE "enrollment_events" ALTER COLUMN "to_status" TYPE "public"."enrollment_status" USING "to_status"::text::"public"."enrollment_status";--> statement-breakpoint
DROP TYPE "public"."enrollment_status_before_0008";--> statement-breakpoint
UPDATE "enrollments" AS e SET "status" = 'receipt_rejected'
WHERE e."status" = 'payment_pending'
  AND NOT EXISTS (SELECT 1 FROM "payment_receipts" r WHERE r."enrollment_id" = e."id" AND r."status" = 'pending')
  AND (SELECT r."status" FROM "payment_receipts" r WHERE r."enrollment_id" = e."id"
       ORDER BY r."submitted_at" DESC, r."id" DESC LIMIT 1) = 'rejected';
