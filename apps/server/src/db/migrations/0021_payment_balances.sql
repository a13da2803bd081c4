ALTER TYPE "public"."enrollment_status" ADD VALUE 'partial_payment' BEFORE 'enrolled';--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "difference_choice" varchar(20);--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "difference_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "balance_after" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "difference_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "difference_accepted_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "difference_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_difference_accepted_by_auth_user_id_fk" FOREIGN KEY ("difference_accepted_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_difference_check" CHECK (("bank_statement_lines"."difference_choice" is not distinct from 'accept') = ("bank_statement_lines"."difference_reason" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_difference_check" CHECK (("payments"."difference_accepted_at" is null) = ("payments"."difference_reason" is null));