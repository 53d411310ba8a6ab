ALTER TABLE "banners" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "city_id" uuid;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "telegram" text;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;