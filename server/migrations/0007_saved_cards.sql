ALTER TYPE "public"."payment_type" ADD VALUE 'CARD';--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "verify_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "code_wait_ms" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_verify_attempts_check" CHECK ("cards"."verify_attempts" between 0 and 5);