CREATE TABLE "delivery_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"branch_id" uuid,
	"request_id" uuid NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claim_id" text,
	"claim_status" text,
	"version" smallint,
	"price" numeric(14, 2),
	"courier_id" uuid,
	"callback_token" text NOT NULL,
	"last_error" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_claims_state_check" CHECK ("delivery_claims"."state" in ('PENDING', 'WORKING', 'FOLLOWING', 'DONE', 'CANCELLED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "yandex_claim_at" text DEFAULT 'READY' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "yandex_token" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "yandex_pickup_name" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "yandex_pickup_phone" text;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "vehicle" text;--> statement-breakpoint
ALTER TABLE "delivery_claims" ADD CONSTRAINT "delivery_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_claims" ADD CONSTRAINT "delivery_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_claims" ADD CONSTRAINT "delivery_claims_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_claims" ADD CONSTRAINT "delivery_claims_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_claims_order_id_uq" ON "delivery_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_claims_state_next_attempt_at_idx" ON "delivery_claims" USING btree ("state","next_attempt_at");