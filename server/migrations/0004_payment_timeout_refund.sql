ALTER TABLE "order_settings" ADD COLUMN "payment_timeout_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_created_date_idx" ON "orders" USING btree ("created_date") WHERE "orders"."status" = 'OPEN' and not "orders"."is_paid";--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_payment_timeout_minutes_check" CHECK ("order_settings"."payment_timeout_minutes" between 0 and 10080);