ALTER TABLE "merchants" ADD COLUMN "uzum_service_id" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "uzum_webhook_login" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "uzum_webhook_password" text;