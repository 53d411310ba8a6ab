CREATE TYPE "public"."reservation_status" AS ENUM('REQUESTED', 'CONFIRMED', 'DECLINED', 'CANCELLED', 'DONE');--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "status" SET DATA TYPE "public"."reservation_status" USING (CASE "status" WHEN 'CONFIRMED' THEN 'CONFIRMED' WHEN 'DECLINED' THEN 'DECLINED' WHEN 'DONE' THEN 'DONE' WHEN 'CANCELED' THEN 'CANCELLED' WHEN 'CANCELLED' THEN 'CANCELLED' ELSE 'REQUESTED' END)::"public"."reservation_status";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "status" SET DEFAULT 'REQUESTED'::"public"."reservation_status";--> statement-breakpoint
ALTER TABLE "merchant_web_settings" ADD COLUMN "booking_slot_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_web_settings" ADD COLUMN "booking_duration_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_web_settings" ADD COLUMN "booking_days_ahead" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hall_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "phone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
UPDATE "reservations" SET "end_time" = "time" + interval '2 hours';--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "end_time" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hall_id_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."halls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" DROP COLUMN "place";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_end_time_check" CHECK ("reservations"."end_time" > "reservations"."time");
