CREATE TABLE "bank_column_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"date_column" integer NOT NULL,
	"amount_column" integer,
	"credit_column" integer,
	"debit_column" integer,
	"reference_column" integer NOT NULL,
	"payer_column" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_column_mappings_bank_name_unique" UNIQUE("bank_name")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reference" text NOT NULL,
	"payer" text NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"enrollment_id" uuid,
	"proposed" boolean DEFAULT false NOT NULL,
	"assigned_by_hand" boolean DEFAULT false NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"ignore_reason" text,
	"payment_id" uuid,
	CONSTRAINT "bank_statement_lines_checksum_unique" UNIQUE("checksum"),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount" > 0),
	CONSTRAINT "bank_statement_lines_ignored_check" CHECK (("bank_statement_lines"."outcome" = 'ignored') = ("bank_statement_lines"."ignore_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_start" date,
	"period_end" date
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_auth_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_auth_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line_number");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_enrollment_idx" ON "bank_statement_lines" USING btree ("enrollment_id");