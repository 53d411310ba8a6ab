CREATE TABLE "order_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"later" boolean NOT NULL,
	"request" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"receipt" jsonb NOT NULL,
	"replaces" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_changes_state_check" CHECK ("order_changes"."state" in ('PENDING', 'APPLIED', 'CANCELLED')),
	CONSTRAINT "order_changes_amount_check" CHECK ("order_changes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "change_id" uuid;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_changes_order_id_pending_uq" ON "order_changes" USING btree ("order_id") WHERE "order_changes"."state" = 'PENDING';--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_change_id_order_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."order_changes"("id") ON DELETE no action ON UPDATE no action;