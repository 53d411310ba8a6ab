CREATE TABLE "service_type_settings" (
	"merchant_id" uuid NOT NULL,
	"service_type" "service_type" NOT NULL,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"bot_enabled" boolean DEFAULT true NOT NULL,
	"operator_enabled" boolean DEFAULT true NOT NULL,
	"app_enabled" boolean DEFAULT true NOT NULL,
	"qr_enabled" boolean DEFAULT true NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_type_settings_merchant_id_service_type_pk" PRIMARY KEY("merchant_id","service_type")
);
--> statement-breakpoint
ALTER TABLE "service_type_settings" ADD CONSTRAINT "service_type_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;