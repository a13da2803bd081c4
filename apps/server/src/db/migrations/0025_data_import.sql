CREATE TABLE "import_column_mappings" (
	"kind" varchar(20) PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_accounts" ADD COLUMN "bi_number" varchar(20);--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_bi_number_unique" UNIQUE("bi_number");