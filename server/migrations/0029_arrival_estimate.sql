ALTER TABLE "order_settings" ADD COLUMN "courier_speed_kmh" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_courier_speed_kmh_check" CHECK ("order_settings"."courier_speed_kmh" between 3 and 120);