ALTER TABLE "auth_session" ADD COLUMN "second_factor_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_two_factor" ADD COLUMN "last_totp_period" bigint;