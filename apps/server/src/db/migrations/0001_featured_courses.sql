ALTER TABLE "courses" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing installs keep their home page: it showed the three newest active courses (decision 010).
UPDATE "courses" SET "featured" = true WHERE "id" IN (SELECT "id" FROM "courses" WHERE "status" = 'active' ORDER BY "created_at" DESC LIMIT 3);
