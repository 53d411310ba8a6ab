CREATE TYPE "public"."address_type" AS ENUM('HOUSE', 'APARTMENT');--> statement-breakpoint
CREATE TYPE "public"."auth_channel" AS ENUM('WEB', 'TELEGRAM', 'CLICK', 'APP');--> statement-breakpoint
CREATE TYPE "public"."basket_position" AS ENUM('NAVIGATION_BAR', 'FLOATING_OVER_PRODUCT');--> statement-breakpoint
CREATE TYPE "public"."card_type" AS ENUM('UZCARD', 'HUMO', 'VISA', 'MASTERCARD');--> statement-breakpoint
CREATE TYPE "public"."category_scope" AS ENUM('ALL', 'ONE_CATEGORY', 'GROUP_CATEGORY');--> statement-breakpoint
CREATE TYPE "public"."category_view_type" AS ENUM('BIG', 'MEDIUM', 'SMALL');--> statement-breakpoint
CREATE TYPE "public"."client_type" AS ENUM('TG', 'WEB', 'APP', 'OPERATOR');--> statement-breakpoint
CREATE TYPE "public"."courier_status" AS ENUM('NEW_ORDER', 'ACCEPTED', 'FAILED', 'CANCELLED', 'ESTIMATING_FAILED', 'READY_FOR_APPROVAL', 'PERFORMER_LOOK_UP', 'PERFORMER_FOUND', 'PERFORMER_NOT_FOUND', 'PERFORMER_PICK_UP_ARRIVED', 'PERFORMER_PICKUPED', 'PERFORMER_ARRIVED', 'PERFORMER_DELIVERED_FINISH', 'PERFORMER_RETURNING', 'PERFORMER_RETURN_ARRIVED', 'PERFORMER_RETURNED_FINISH');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('UZS', 'KZT');--> statement-breakpoint
CREATE TYPE "public"."delivery_type" AS ENUM('MERCHANT', 'YANDEX', 'CUSTOM');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('AMOUNT', 'PERCENTAGE');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('MALE', 'FEMALE');--> statement-breakpoint
CREATE TYPE "public"."group_view" AS ENUM('GROUP', 'WITHOUT_GROUP');--> statement-breakpoint
CREATE TYPE "public"."main_color_type" AS ENUM('DARK', 'LIGHT');--> statement-breakpoint
CREATE TYPE "public"."map_type" AS ENUM('YANDEX', 'LEAFLET', 'YANDEX_V3');--> statement-breakpoint
CREATE TYPE "public"."modification_view_type" AS ENUM('NAME_ONLY', 'FULL_IMAGE');--> statement-breakpoint
CREATE TYPE "public"."navigation_type" AS ENUM('SHEET', 'POP_UP', 'FULL_SCREEN');--> statement-breakpoint
CREATE TYPE "public"."order_change_reason" AS ENUM('PAID', 'UPDATE', 'PAID_AND_CHANGE_STATUS', 'CHANGE_STATUS', 'CHANGE_COURIER_STATUS', 'CHANGE_PAYMENT_TYPE', 'CHANGE_DELIVERY_TYPE');--> statement-breakpoint
CREATE TYPE "public"."order_device" AS ENUM('POS', 'OPERATOR', 'INSTAGRAM', 'CLIENT_APP', 'TELEGRAM_BOT', 'CLIENT', 'CLIENT_WEB', 'CLIENT_IOS', 'CLICK_MINI_APP', 'CLIENT_ANDROID', 'CLIENT_WEB_MOBILE', 'CLIENT_WEB_DESKTOP', 'INTEGRATION_APP');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('OPEN', 'ACCEPTED', 'CANCELED', 'CREATED', 'COOKING', 'DONE', 'ON_WAY', 'DELIVERED', 'CLOSED', 'ATTACHED', 'AT_TIME');--> statement-breakpoint
CREATE TYPE "public"."payment_channel" AS ENUM('WEB', 'BOT', 'OPERATOR', 'APP', 'QR');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('CASH', 'CLICK', 'PAYNET', 'TERMINAL', 'PAYME', 'UZUM', 'OTHER', 'RAHMAT', 'CLICK_MINI_APP');--> statement-breakpoint
CREATE TYPE "public"."policy_type" AS ENUM('TERMS', 'ABOUT_COMPANY', 'PRIVACY_POLICY');--> statement-breakpoint
CREATE TYPE "public"."product_type" AS ENUM('NONE', 'MODIFICATION');--> statement-breakpoint
CREATE TYPE "public"."product_unit" AS ENUM('KG', 'LITER', 'GRAMM', 'COUNT');--> statement-breakpoint
CREATE TYPE "public"."scroll_type" AS ENUM('VERTICAL', 'HORIZONTAL');--> statement-breakpoint
CREATE TYPE "public"."service_type" AS ENUM('DELIVERY', 'PICK_UP', 'DINE_IN', 'YANDEX_EATS', 'EXPRESS_24');--> statement-breakpoint
CREATE TYPE "public"."sms_gateway" AS ENUM('PLAY_MOBILE', 'ESKIZ');--> statement-breakpoint
CREATE TYPE "public"."theme" AS ENUM('DARK', 'LIGHT');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('CUSTOMER', 'STAFF', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."week_name" AS ENUM('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY');--> statement-breakpoint
CREATE TYPE "public"."work_hour_type" AS ENUM('PICK_UP', 'DELIVERY', 'DINE_IN');--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"target_merchant_id" uuid,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"domain_url" text,
	"color" text,
	"image" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"is_taximeter" boolean DEFAULT false NOT NULL,
	"taximeter_comment" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_web_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"favicon" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"main_color" text DEFAULT '#FCE000' NOT NULL,
	"main_language" text DEFAULT 'ru' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"left_copy_write" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"right_copy_write" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_dark" boolean DEFAULT false NOT NULL,
	"main_color_type" "main_color_type" DEFAULT 'LIGHT' NOT NULL,
	"map_type" "map_type",
	"uz_lang_active" boolean DEFAULT false NOT NULL,
	"ru_lang_active" boolean DEFAULT false NOT NULL,
	"eng_lang_active" boolean DEFAULT false NOT NULL,
	"zh_lang_active" boolean DEFAULT false NOT NULL,
	"ar_lang_active" boolean DEFAULT false NOT NULL,
	"kz_lang_active" boolean DEFAULT false NOT NULL,
	"tr_lang_active" boolean DEFAULT false NOT NULL,
	"banners_active" boolean DEFAULT false NOT NULL,
	"delivery_active" boolean DEFAULT false NOT NULL,
	"pickup_active" boolean DEFAULT false NOT NULL,
	"dine_in_active" boolean DEFAULT false NOT NULL,
	"branches_active" boolean DEFAULT false NOT NULL,
	"stories_active" boolean DEFAULT false NOT NULL,
	"vacancies_active" boolean DEFAULT false NOT NULL,
	"privacy_active" boolean DEFAULT false NOT NULL,
	"about_merchant_active" boolean DEFAULT false NOT NULL,
	"notifications_active" boolean DEFAULT false NOT NULL,
	"terms_of_use_active" boolean DEFAULT false NOT NULL,
	"balance_active" boolean DEFAULT false NOT NULL,
	"cart_in_main_active" boolean DEFAULT false NOT NULL,
	"booking_active" boolean DEFAULT false NOT NULL,
	"receiver_active" boolean DEFAULT false NOT NULL,
	"cart_page_active" boolean DEFAULT false NOT NULL,
	"chat_active" boolean DEFAULT false NOT NULL,
	"cashback_active" boolean DEFAULT false NOT NULL,
	"promo_active" boolean DEFAULT false NOT NULL,
	"favourite_active" boolean DEFAULT false NOT NULL,
	"cancel_order_active" boolean DEFAULT false NOT NULL,
	"cash_active" boolean DEFAULT false NOT NULL,
	"terminal_active" boolean DEFAULT false NOT NULL,
	"payme_active" boolean DEFAULT false NOT NULL,
	"click_active" boolean DEFAULT false NOT NULL,
	"uzum_active" boolean DEFAULT false NOT NULL,
	"card_active" boolean DEFAULT false NOT NULL,
	"ios_app_link" text DEFAULT '' NOT NULL,
	"ios_app_active" boolean DEFAULT false NOT NULL,
	"android_app_link" text DEFAULT '' NOT NULL,
	"android_app_active" boolean DEFAULT false NOT NULL,
	"telegram_bot_link" text DEFAULT '' NOT NULL,
	"telegram_bot_active" boolean DEFAULT false NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_active" boolean DEFAULT false NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"telegram_active" boolean DEFAULT false NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"instagram_active" boolean DEFAULT false NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"facebook_active" boolean DEFAULT false NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_content" text DEFAULT '' NOT NULL,
	"group_view" "group_view",
	"category_view" "category_scope",
	"amo_crm_id" text DEFAULT '' NOT NULL,
	"amo_crm_active" boolean DEFAULT false NOT NULL,
	"amo_crm_hash" text DEFAULT '' NOT NULL,
	"yandex_metrics_enabled" boolean DEFAULT false NOT NULL,
	"yandex_metrics_id" text DEFAULT '' NOT NULL,
	"yandex_metrics_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"basket_position" "basket_position" DEFAULT 'NAVIGATION_BAR' NOT NULL,
	"is_visible_at_profile_top" boolean DEFAULT false NOT NULL,
	"is_navigation_view_enabled" boolean DEFAULT false NOT NULL,
	"multi_tab_navigation_enabled" boolean DEFAULT false NOT NULL,
	"should_validate_delivery_area" boolean DEFAULT false NOT NULL,
	"is_category_image_visible" boolean DEFAULT false NOT NULL,
	"modification_view_type" "modification_view_type" DEFAULT 'NAME_ONLY' NOT NULL,
	"meta_pixel_active" boolean DEFAULT false NOT NULL,
	"meta_pixel_content" text DEFAULT '' NOT NULL,
	"meta_pixel_id" text DEFAULT '' NOT NULL,
	"google_tag_manager_active" boolean DEFAULT false NOT NULL,
	"google_tag_manager_id" text DEFAULT '' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" text,
	"color" text,
	"sub" text NOT NULL,
	"app_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"main_city_id" uuid,
	"domain_url" text,
	"latitude" double precision DEFAULT 41.311081 NOT NULL,
	"longitude" double precision DEFAULT 69.240562 NOT NULL,
	"timezone" text DEFAULT 'Asia/Tashkent' NOT NULL,
	"currency" "currency" DEFAULT 'UZS' NOT NULL,
	"sms_gateway" "sms_gateway",
	"sms_login" text,
	"sms_password" text,
	"sms_from" text,
	"delivery_provider_key" text,
	"kitchen_login" text,
	"kitchen_organization_id" text,
	"map_key" text,
	"telegram_bot_token" text,
	"telegram_bot_username" text,
	"click_service_id" text,
	"click_merchant_id" text,
	"click_merchant_user_id" text,
	"click_secret_key" text,
	"click_web_session_token" text,
	"payme_merchant_id" text,
	"payme_key" text,
	"uzum_terminal_id" text,
	"uzum_api_key" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_sub_unique" UNIQUE("sub")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" "policy_type" NOT NULL,
	"text" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "address_type",
	"name" text,
	"street_name" text,
	"house_number" text,
	"details" text,
	"description" text,
	"comment" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"city_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"telegram_id" bigint NOT NULL,
	"status" text,
	"phone" text,
	"first_name" text,
	"last_name" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"phone" text NOT NULL,
	"type" "auth_channel" NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"channel" "auth_channel" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"email" text,
	"image" text,
	"birthday" date,
	"gender" "gender",
	"role" "user_role" DEFAULT 'CUSTOMER' NOT NULL,
	"cashback" numeric(14, 2) DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"telegram_id" bigint,
	"click_user_id" text,
	"language" text,
	"deleted_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_work_hours" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"type" "work_hour_type" NOT NULL,
	"week_name" "week_name" NOT NULL,
	"open" text,
	"close" text,
	"is_day_off" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"city_id" uuid,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" jsonb,
	"phone" text,
	"booking_phone" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"open" text,
	"close" text,
	"delivery_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"delivery_start" text,
	"delivery_end" text,
	"company_id" text,
	"payment_id" text,
	"iiko_id" text,
	"booking_enabled" boolean DEFAULT false NOT NULL,
	"delivery_enabled" boolean DEFAULT false NOT NULL,
	"dine_in_enabled" boolean DEFAULT false NOT NULL,
	"express_enabled" boolean DEFAULT false NOT NULL,
	"kitchen_enabled" boolean DEFAULT false NOT NULL,
	"pay_office_enabled" boolean DEFAULT false NOT NULL,
	"pickup_enabled" boolean DEFAULT false NOT NULL,
	"storage_enabled" boolean DEFAULT false NOT NULL,
	"third_party_delivery_enabled" boolean DEFAULT false NOT NULL,
	"director_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_regions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"city_id" uuid,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"polygon" jsonb NOT NULL,
	"color" text,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"group_id" uuid,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"text_color" text,
	"view_type" "category_view_type" DEFAULT 'MEDIUM' NOT NULL,
	"scroll_type" "scroll_type" DEFAULT 'VERTICAL' NOT NULL,
	"navigation_type" "navigation_type" DEFAULT 'SHEET' NOT NULL,
	"is_without_cart" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text,
	"image" text,
	"bg_color" text,
	"icon_bg_color" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modification_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min_select" integer DEFAULT 0 NOT NULL,
	"max_select" integer DEFAULT 1 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"iiko_id" text
);
--> statement-breakpoint
CREATE TABLE "modifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"iiko_id" text
);
--> statement-breakpoint
CREATE TABLE "product_branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb,
	"image" text,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"barcode" text,
	"mxic_code" text,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calorie" integer,
	"time_cooking_min" integer,
	"time_cooking_max" integer,
	"cost_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(5, 2) DEFAULT 0 NOT NULL,
	"additional_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unit" "product_unit" DEFAULT 'COUNT' NOT NULL,
	"type" "product_type" DEFAULT 'NONE' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"stock" numeric(14, 3),
	"priority" integer DEFAULT 0 NOT NULL,
	"delivery_enabled" boolean DEFAULT true NOT NULL,
	"eats_price" numeric(14, 2),
	"enabled_eats" boolean DEFAULT false NOT NULL,
	"express_price" numeric(14, 2),
	"enabled_express" boolean DEFAULT false NOT NULL,
	"is_cart_recommendation" boolean DEFAULT false NOT NULL,
	"tg_enabled" boolean DEFAULT true NOT NULL,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"systems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"iiko_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"number" text NOT NULL,
	"expire" text,
	"token" text,
	"phone" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"type" "card_type",
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_settings" (
	"payment_method_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"web_enabled" boolean DEFAULT false NOT NULL,
	"bot_enabled" boolean DEFAULT false NOT NULL,
	"operator_enabled" boolean DEFAULT false NOT NULL,
	"app_enabled" boolean DEFAULT false NOT NULL,
	"qr_enabled" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"title" jsonb,
	"iiko_id" text,
	"type" "payment_type" NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_type" "discount_type" NOT NULL,
	"product_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"delivery_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"min_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_limit" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_usage_limit_check" CHECK ("promos"."usage_limit" is null or "promos"."usage_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_promos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"promo_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" "courier_status",
	"latitude" double precision,
	"longitude" double precision,
	"position_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "couriers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "order_status",
	"courier_status" "courier_status",
	"reason" "order_change_reason" NOT NULL,
	"comment" text,
	"actor_user_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"unit" "product_unit" DEFAULT 'COUNT' NOT NULL,
	"count" numeric(14, 3) NOT NULL,
	"cost_price" numeric(14, 2) NOT NULL,
	"discount" numeric(5, 2) DEFAULT 0 NOT NULL,
	"modifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"city_id" uuid,
	"service_fee_enabled" boolean DEFAULT false NOT NULL,
	"fee_free_threshold" numeric(14, 2),
	"fee_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"minimal_delivery_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"min_order_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cashback_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"default_delivery_type_bot" "delivery_type" DEFAULT 'MERCHANT' NOT NULL,
	"default_delivery_type_web" "delivery_type" DEFAULT 'MERCHANT' NOT NULL,
	"default_delivery_type_app" "delivery_type" DEFAULT 'MERCHANT' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" "order_status" NOT NULL,
	"service_type" "service_type" NOT NULL,
	"order_device" "order_device",
	"payment_type" "payment_type" DEFAULT 'CASH' NOT NULL,
	"payment" jsonb,
	"is_paid" boolean DEFAULT false NOT NULL,
	"grade" smallint,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" uuid,
	"receiver" jsonb,
	"address" jsonb,
	"branch_id" uuid,
	"courier_id" uuid,
	"waiter_id" uuid,
	"hall_id" text,
	"table_id" text,
	"comment" text,
	"courier_comment" text,
	"promo_id" uuid,
	"promo_code" text,
	"cashback" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cashback_earned" numeric(14, 2) DEFAULT 0 NOT NULL,
	"product_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"product_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"delivery_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"delivery_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_product_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_product_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"service_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	"delivery_tariff_id" uuid,
	"delivery_type" "delivery_type",
	"courier_status" "courier_status",
	"courier_paid" boolean DEFAULT false NOT NULL,
	"at_time" timestamp with time zone,
	"cooking_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"send_cheque" boolean DEFAULT false NOT NULL,
	"send_cheque_phone" text,
	"idempotency_key" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_grade_check" CHECK ("orders"."grade" is null or "orders"."grade" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text NOT NULL,
	"link" text,
	"product_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"is_favourite" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid,
	"product_id" uuid NOT NULL,
	"order_id" uuid,
	"grade" smallint NOT NULL,
	"comment" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_grade_check" CHECK ("grades"."grade" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"place" text,
	"chairs" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"comment" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_chairs_check" CHECK ("reservations"."chairs" > 0)
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preview" text,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"responsible" text,
	"phone" text,
	"position" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"salary" numeric(14, 2),
	"requirements" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiter_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"table_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_target_merchant_id_merchants_id_fk" FOREIGN KEY ("target_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_web_settings" ADD CONSTRAINT "merchant_web_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_main_city_id_cities_id_fk" FOREIGN KEY ("main_city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_changes" ADD CONSTRAINT "phone_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_changes" ADD CONSTRAINT "phone_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_work_hours" ADD CONSTRAINT "branch_work_hours_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_work_hours" ADD CONSTRAINT "branch_work_hours_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_director_id_users_id_fk" FOREIGN KEY ("director_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_regions" ADD CONSTRAINT "delivery_regions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_regions" ADD CONSTRAINT "delivery_regions_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_id_menu_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."menu_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD CONSTRAINT "menu_groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_groups" ADD CONSTRAINT "modification_groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_groups" ADD CONSTRAINT "modification_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_group_id_modification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."modification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_settings" ADD CONSTRAINT "payment_method_settings_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_settings" ADD CONSTRAINT "payment_method_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_promos" ADD CONSTRAINT "user_promos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_promos" ADD CONSTRAINT "user_promos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_promos" ADD CONSTRAINT "user_promos_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_waiter_id_users_id_fk" FOREIGN KEY ("waiter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_tariff_id_delivery_regions_id_fk" FOREIGN KEY ("delivery_tariff_id") REFERENCES "public"."delivery_regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_merchant_id_priority_idx" ON "brands" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_merchant_id_target_merchant_id_uq" ON "brands" USING btree ("merchant_id","target_merchant_id") WHERE "brands"."target_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "cities_merchant_id_idx" ON "cities" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "merchants_domain_url_idx" ON "merchants" USING btree ("domain_url");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_merchant_id_type_uq" ON "policies" USING btree ("merchant_id","type");--> statement-breakpoint
CREATE INDEX "addresses_merchant_id_user_id_idx" ON "addresses" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_sessions_merchant_id_telegram_id_uq" ON "bot_sessions" USING btree ("merchant_id","telegram_id");--> statement-breakpoint
CREATE INDEX "otp_codes_merchant_id_phone_created_date_idx" ON "otp_codes" USING btree ("merchant_id","phone","created_date");--> statement-breakpoint
CREATE INDEX "otp_codes_merchant_id_ip_created_date_idx" ON "otp_codes" USING btree ("merchant_id","ip","created_date");--> statement-breakpoint
CREATE INDEX "phone_changes_merchant_id_user_id_idx" ON "phone_changes" USING btree ("merchant_id","user_id","created_date");--> statement-breakpoint
CREATE INDEX "sessions_merchant_id_user_id_idx" ON "sessions" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "users_merchant_id_idx" ON "users" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_merchant_id_phone_uq" ON "users" USING btree ("merchant_id","phone") WHERE "users"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_merchant_id_telegram_id_uq" ON "users" USING btree ("merchant_id","telegram_id") WHERE "users"."telegram_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_merchant_id_click_user_id_uq" ON "users" USING btree ("merchant_id","click_user_id") WHERE "users"."click_user_id" is not null;--> statement-breakpoint
CREATE INDEX "branch_work_hours_merchant_id_idx" ON "branch_work_hours" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_work_hours_branch_id_type_week_name_uq" ON "branch_work_hours" USING btree ("branch_id","type","week_name");--> statement-breakpoint
CREATE INDEX "branches_merchant_id_city_id_idx" ON "branches" USING btree ("merchant_id","city_id");--> statement-breakpoint
CREATE INDEX "delivery_regions_merchant_id_city_id_idx" ON "delivery_regions" USING btree ("merchant_id","city_id");--> statement-breakpoint
CREATE INDEX "categories_merchant_id_priority_idx" ON "categories" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE INDEX "categories_group_id_idx" ON "categories" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "menu_groups_merchant_id_priority_idx" ON "menu_groups" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE INDEX "modification_groups_merchant_id_idx" ON "modification_groups" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "modification_groups_product_id_idx" ON "modification_groups" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "modifications_merchant_id_idx" ON "modifications" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "modifications_group_id_idx" ON "modifications" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "product_branches_merchant_id_branch_id_idx" ON "product_branches" USING btree ("merchant_id","branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_branches_product_id_branch_id_uq" ON "product_branches" USING btree ("product_id","branch_id");--> statement-breakpoint
CREATE INDEX "products_merchant_id_category_id_idx" ON "products" USING btree ("merchant_id","category_id");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "cards_merchant_id_user_id_idx" ON "cards" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_method_settings_merchant_id_idx" ON "payment_method_settings" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "payment_methods_merchant_id_idx" ON "payment_methods" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_merchant_id_code_uq" ON "promos" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "user_promos_merchant_id_promo_id_idx" ON "user_promos" USING btree ("merchant_id","promo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_promos_user_id_promo_id_uq" ON "user_promos" USING btree ("user_id","promo_id");--> statement-breakpoint
CREATE INDEX "couriers_merchant_id_branch_id_idx" ON "couriers" USING btree ("merchant_id","branch_id");--> statement-breakpoint
CREATE INDEX "order_history_merchant_id_order_id_idx" ON "order_history" USING btree ("merchant_id","order_id","created_date");--> statement-breakpoint
CREATE INDEX "order_history_order_id_idx" ON "order_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_merchant_id_order_id_idx" ON "order_items" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_id_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_settings_merchant_id_uq" ON "order_settings" USING btree ("merchant_id") WHERE "order_settings"."city_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_settings_merchant_id_city_id_uq" ON "order_settings" USING btree ("merchant_id","city_id") WHERE "order_settings"."city_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_merchant_id_number_uq" ON "orders" USING btree ("merchant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_merchant_id_user_id_idempotency_key_uq" ON "orders" USING btree ("merchant_id","user_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_id_user_id_created_date_idx" ON "orders" USING btree ("merchant_id","user_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_merchant_id_status_idx" ON "orders" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE INDEX "orders_merchant_id_created_date_idx" ON "orders" USING btree ("merchant_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_courier_id_idx" ON "orders" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "banners_merchant_id_priority_idx" ON "banners" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE INDEX "favourites_merchant_id_user_id_idx" ON "favourites" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_id_product_id_uq" ON "favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "grades_merchant_id_product_id_idx" ON "grades" USING btree ("merchant_id","product_id");--> statement-breakpoint
CREATE INDEX "notifications_merchant_id_user_id_created_date_idx" ON "notifications" USING btree ("merchant_id","user_id","created_date");--> statement-breakpoint
CREATE INDEX "reservations_merchant_id_branch_id_time_idx" ON "reservations" USING btree ("merchant_id","branch_id","time");--> statement-breakpoint
CREATE INDEX "reservations_user_id_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stories_merchant_id_priority_idx" ON "stories" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE INDEX "vacancies_merchant_id_priority_idx" ON "vacancies" USING btree ("merchant_id","priority");--> statement-breakpoint
CREATE INDEX "waiter_calls_merchant_id_branch_id_idx" ON "waiter_calls" USING btree ("merchant_id","branch_id","created_date");