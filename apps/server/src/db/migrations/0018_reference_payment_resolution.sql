ALTER TABLE "reference_payment_notifications" ADD COLUMN "resolution" varchar(10);--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD CONSTRAINT "reference_payment_notifications_resolved_by_auth_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_payment_notifications" ADD CONSTRAINT "reference_payment_notifications_resolution_check" CHECK ("reference_payment_notifications"."resolution" in ('applied', 'archived'));