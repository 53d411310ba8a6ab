CREATE TABLE "branch_pauses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"type" "work_hour_type" NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "table_id" uuid;--> statement-breakpoint
ALTER TABLE "branch_pauses" ADD CONSTRAINT "branch_pauses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_pauses" ADD CONSTRAINT "branch_pauses_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_pauses" ADD CONSTRAINT "branch_pauses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_pauses_branch_id_type_uq" ON "branch_pauses" USING btree ("branch_id","type");--> statement-breakpoint
CREATE INDEX "branch_pauses_merchant_id_idx" ON "branch_pauses" USING btree ("merchant_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;