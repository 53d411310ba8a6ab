CREATE TABLE "fiscal_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text DEFAULT 'SALE' NOT NULL,
	"payment_id" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"receipt_url" text,
	"sent_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_state_check" CHECK ("fiscal_receipts"."state" in ('PENDING', 'SENDING', 'SENT', 'FAILED')),
	CONSTRAINT "fiscal_receipts_kind_check" CHECK ("fiscal_receipts"."kind" in ('SALE', 'RETURN'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "fiscal" jsonb;--> statement-breakpoint
ALTER TABLE "modifications" ADD COLUMN "mxic_code" text;--> statement-breakpoint
ALTER TABLE "modifications" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_percent" integer;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_order_id_provider_kind_uq" ON "fiscal_receipts" USING btree ("order_id","provider","kind");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_state_next_attempt_at_idx" ON "fiscal_receipts" USING btree ("state","next_attempt_at");