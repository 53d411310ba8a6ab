-- No code ever wrote a waiter call before this: the old shape (text table id, no reason) has no rows to keep.
DELETE FROM "waiter_calls";--> statement-breakpoint
ALTER TABLE "waiter_calls" DROP CONSTRAINT "waiter_calls_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "waiter_calls" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waiter_calls" ALTER COLUMN "table_id" SET DATA TYPE uuid USING "table_id"::uuid;--> statement-breakpoint
ALTER TABLE "waiter_calls" ALTER COLUMN "table_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "hall_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "reason" text NOT NULL;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "acknowledged_by" uuid;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_hall_id_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."halls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiter_calls_table_id_created_date_idx" ON "waiter_calls" USING btree ("table_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "waiter_calls_open_uq" ON "waiter_calls" USING btree ("table_id","reason") WHERE "waiter_calls"."status" <> 'CLOSED';--> statement-breakpoint
ALTER TABLE "waiter_calls" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_reason_check" CHECK ("waiter_calls"."reason" in ('CALL', 'BILL'));--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_status_check" CHECK ("waiter_calls"."status" in ('OPEN', 'ACKNOWLEDGED', 'CLOSED'));