ALTER TABLE "branches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_regions" ADD COLUMN "min_order_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_regions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;