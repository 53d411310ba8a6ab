CREATE TABLE "extra_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "grade_comment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "graded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "extra_pages" ADD CONSTRAINT "extra_pages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extra_pages_merchant_id_slug_uq" ON "extra_pages" USING btree ("merchant_id","slug");