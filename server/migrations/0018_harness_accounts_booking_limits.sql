ALTER TABLE "merchant_web_settings" ADD COLUMN "booking_open_per_branch" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_web_settings" ADD COLUMN "booking_open_total" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "harness" boolean DEFAULT false NOT NULL;