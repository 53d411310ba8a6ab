CREATE TABLE "branch_days" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"delivery_off" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_stops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"product_id" uuid,
	"modification_id" uuid,
	"created_by" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_stops_one_item_check" CHECK (("branch_stops"."product_id" is null) <> ("branch_stops"."modification_id" is null))
);
--> statement-breakpoint
CREATE TABLE "staff_branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branch_days" ADD CONSTRAINT "branch_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_days" ADD CONSTRAINT "branch_days_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stops" ADD CONSTRAINT "branch_stops_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stops" ADD CONSTRAINT "branch_stops_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stops" ADD CONSTRAINT "branch_stops_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stops" ADD CONSTRAINT "branch_stops_modification_id_modifications_id_fk" FOREIGN KEY ("modification_id") REFERENCES "public"."modifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stops" ADD CONSTRAINT "branch_stops_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_days_branch_id_day_uq" ON "branch_days" USING btree ("branch_id","day");--> statement-breakpoint
CREATE INDEX "branch_days_merchant_id_day_idx" ON "branch_days" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "branch_stops_merchant_id_idx" ON "branch_stops" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_stops_branch_id_product_id_uq" ON "branch_stops" USING btree ("branch_id","product_id") WHERE "branch_stops"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_stops_branch_id_modification_id_uq" ON "branch_stops" USING btree ("branch_id","modification_id") WHERE "branch_stops"."modification_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_branches_user_id_branch_id_uq" ON "staff_branches" USING btree ("user_id","branch_id");--> statement-breakpoint
CREATE INDEX "staff_branches_merchant_id_idx" ON "staff_branches" USING btree ("merchant_id");