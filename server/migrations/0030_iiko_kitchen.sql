CREATE TABLE "kitchen_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"iiko_order_id" text,
	"correlation_id" text,
	"sent_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_orders_state_check" CHECK ("kitchen_orders"."state" in ('PENDING', 'SENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "kitchen_webhook_token" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "iiko_terminal_group_id" text;--> statement-breakpoint
ALTER TABLE "kitchen_orders" ADD CONSTRAINT "kitchen_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_orders" ADD CONSTRAINT "kitchen_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_orders_order_id_uq" ON "kitchen_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "kitchen_orders_state_next_attempt_at_idx" ON "kitchen_orders" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "kitchen_orders_iiko_order_id_idx" ON "kitchen_orders" USING btree ("merchant_id","iiko_order_id");