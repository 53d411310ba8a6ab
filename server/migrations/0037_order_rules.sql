ALTER TABLE "order_settings" ADD COLUMN "min_delivery_product_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "max_order_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_min_delivery_product_count_check" CHECK ("order_settings"."min_delivery_product_count" between 0 and 999);