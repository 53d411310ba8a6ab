ALTER TABLE "orders" ADD COLUMN "grade_comment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "graded_at" timestamp with time zone;