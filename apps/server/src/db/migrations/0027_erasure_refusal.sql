ALTER TABLE "erasure_requests" DROP CONSTRAINT "erasure_requests_status_check";--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD COLUMN "refused_by" text;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_refused_by_auth_user_id_fk" FOREIGN KEY ("refused_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_refused_check" CHECK (("erasure_requests"."status" = 'refused') = ("erasure_requests"."refused_at" is not null and "erasure_requests"."refusal_reason" is not null));--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_status_check" CHECK ("erasure_requests"."status" in ('pending', 'done', 'refused'));