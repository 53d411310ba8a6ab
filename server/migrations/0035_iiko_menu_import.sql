ALTER TABLE "merchants" ADD COLUMN "kitchen_menu_revision" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "kitchen_menu_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "iiko_id" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "iiko_imported" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "iiko_imported" jsonb;