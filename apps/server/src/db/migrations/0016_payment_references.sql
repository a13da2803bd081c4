CREATE TABLE "payment_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"provider" varchar(20) DEFAULT 'proxypay' NOT NULL,
	"entity" varchar(5) NOT NULL,
	"reference" varchar(9),
	"amount" numeric(14, 2) NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'creating' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_references_amount_check" CHECK ("payment_references"."amount" > 0),
	CONSTRAINT "payment_references_status_check" CHECK ("payment_references"."status" in ('creating', 'active', 'paid', 'replaced', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "reference_payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(20) DEFAULT 'proxypay' NOT NULL,
	"provider_payment_id" varchar(40) NOT NULL,
	"entity" varchar(10) NOT NULL,
	"reference" varchar(20) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"payment_reference_id" uuid,
	"payment_id" uuid,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD CONSTRAINT "reference_payment_notifications_payment_reference_id_payment_references_id_fk" FOREIGN KEY ("payment_reference_id") REFERENCES "public"."payment_references"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD CONSTRAINT "reference_payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_references_reference_idx" ON "payment_references" USING btree ("entity","reference");--> statement-breakpoint
CREATE INDEX "payment_references_enrollment_idx" ON "payment_references" USING btree ("enrollment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_payment_notifications_provider_idx" ON "reference_payment_notifications" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "reference_payment_notifications_outcome_idx" ON "reference_payment_notifications" USING btree ("outcome","received_at");