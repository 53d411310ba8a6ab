CREATE TABLE "bot_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"update_id" bigint NOT NULL,
	"update" jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_updates_state_check" CHECK ("bot_updates"."state" in ('PENDING', 'HANDLING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "bot_messages" ALTER COLUMN "chat_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "telegram_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "method" text DEFAULT 'sendMessage' NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "reply_markup" jsonb;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "bot_updates" ADD CONSTRAINT "bot_updates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_updates_merchant_id_update_id_uq" ON "bot_updates" USING btree ("merchant_id","update_id");--> statement-breakpoint
CREATE INDEX "bot_updates_state_next_attempt_at_idx" ON "bot_updates" USING btree ("state","next_attempt_at");