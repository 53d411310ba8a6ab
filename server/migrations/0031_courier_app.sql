ALTER TYPE "public"."brand_role" ADD VALUE 'COURIER';--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "position_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "on_shift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_offered_at" timestamp with time zone;