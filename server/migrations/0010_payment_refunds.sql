CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"via" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"requested_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_state_check" CHECK ("payment_refunds"."state" in ('PENDING', 'SENDING', 'DONE', 'FAILED')),
	CONSTRAINT "payment_refunds_via_check" CHECK ("payment_refunds"."via" in ('PAYME', 'CLICK', 'UZUM'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "card_provider" text DEFAULT 'PAYME' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "provider" text DEFAULT 'PAYME' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_transaction_id_uq" ON "payment_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_state_next_attempt_at_idx" ON "payment_refunds" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_id_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_provider_check" CHECK ("cards"."provider" in ('PAYME', 'CLICK'));