CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"provider" "payment_type" NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint NOT NULL,
	"reason" smallint,
	"provider_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"perform_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_state_check" CHECK ("payment_transactions"."state" in (1, 2, -1, -2)),
	CONSTRAINT "payment_transactions_amount_check" CHECK ("payment_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_transaction_uq" ON "payment_transactions" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_order_id_open_uq" ON "payment_transactions" USING btree ("order_id") WHERE "payment_transactions"."state" = 1;--> statement-breakpoint
CREATE INDEX "payment_transactions_merchant_id_provider_time_idx" ON "payment_transactions" USING btree ("merchant_id","provider","provider_time");