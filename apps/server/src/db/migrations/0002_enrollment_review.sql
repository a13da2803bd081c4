CREATE TYPE "public"."document_refusal_reason" AS ENUM('ilegivel', 'documento_errado', 'documento_expirado', 'incompleto', 'outro');--> statement-breakpoint
CREATE TYPE "public"."enrollment_document" AS ENUM('id_card_front', 'id_card_back', 'certificate');--> statement-breakpoint
CREATE TYPE "public"."enrollment_event_kind" AS ENUM('whatsapp_sent', 'data_edited', 'document_replaced');--> statement-breakpoint
ALTER TYPE "public"."enrollment_status" ADD VALUE 'correction_requested' BEFORE 'approved';--> statement-breakpoint
CREATE TABLE "enrollment_document_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"document" "enrollment_document" NOT NULL,
	"reason" "document_refusal_reason" NOT NULL,
	"note" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "institute_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(150) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"iban" varchar(34) NOT NULL,
	"beneficiary" varchar(150) NOT NULL,
	"whatsapp_number" varchar(20) NOT NULL,
	"contact_email" varchar(255) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "institute_settings_single_row_check" CHECK ("institute_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "enrollment_events" ADD COLUMN "kind" "enrollment_event_kind";--> statement-breakpoint
ALTER TABLE "enrollment_document_requests" ADD CONSTRAINT "enrollment_document_requests_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_document_requests" ADD CONSTRAINT "enrollment_document_requests_requested_by_auth_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institute_settings" ADD CONSTRAINT "institute_settings_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_document_requests_enrollment_idx" ON "enrollment_document_requests" USING btree ("enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_document_requests_open_key" ON "enrollment_document_requests" USING btree ("enrollment_id","document") WHERE "enrollment_document_requests"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_payment_reference_code_key" ON "enrollments" USING btree ("payment_reference_code") WHERE "enrollments"."payment_reference_code" is not null;--> statement-breakpoint
-- Demo details (README): super_admin replaces them under 'Configurações' before real use.
INSERT INTO "institute_settings" ("id", "name", "bank_name", "iban", "beneficiary", "whatsapp_number", "contact_email")
VALUES (1, 'Instituto Superior de Formação', 'Banco BAI', 'AO06004000001234567890123', 'Instituto Superior de Formação, Lda.', '912345678', 'inscricoes@instituto.example')
ON CONFLICT ("id") DO NOTHING;
