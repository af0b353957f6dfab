CREATE TABLE "company_ads" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"uid" text PRIMARY KEY NOT NULL,
	"product_uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minimum_to_select" integer DEFAULT 0 NOT NULL,
	"maximum_to_select" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_groups_select_check" CHECK ("option_groups"."minimum_to_select" >= 0 and "option_groups"."maximum_to_select" >= "option_groups"."minimum_to_select")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"uid" text PRIMARY KEY NOT NULL,
	"group_uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "options_price_check" CHECK ("options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "place_opening_hours" (
	"place_uid" text NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "place_opening_hours_place_uid_weekday_opens_pk" PRIMARY KEY("place_uid","weekday","opens"),
	CONSTRAINT "place_opening_hours_weekday_check" CHECK ("place_opening_hours"."weekday" between 1 and 7),
	CONSTRAINT "place_opening_hours_range_check" CHECK ("place_opening_hours"."closes" > "place_opening_hours"."opens")
);
--> statement-breakpoint
CREATE TABLE "place_pickup_settings" (
	"place_uid" text PRIMARY KEY NOT NULL,
	"lead_minutes" integer DEFAULT 30 NOT NULL,
	"time_zone" text DEFAULT 'America/Lima' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_products" (
	"place_uid" text NOT NULL,
	"product_uid" text NOT NULL,
	"stock" integer,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "place_products_place_uid_product_uid_pk" PRIMARY KEY("place_uid","product_uid"),
	CONSTRAINT "place_products_stock_check" CHECK ("place_products"."stock" is null or "place_products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"color" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"uid" text PRIMARY KEY NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"category_uid" text,
	"title" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"image_reverse" text,
	"unit_price" integer DEFAULT 0 NOT NULL,
	"coin_price" integer,
	"is_redeemable" boolean DEFAULT false NOT NULL,
	"direct_purchase" boolean DEFAULT false NOT NULL,
	"brand" text,
	"sku" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "products_id_unique" UNIQUE("id"),
	CONSTRAINT "products_unit_price_check" CHECK ("products"."unit_price" >= 0),
	CONSTRAINT "products_coin_price_check" CHECK ("products"."coin_price" is null or "products"."coin_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "company_ads" ADD CONSTRAINT "company_ads_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_ads" ADD CONSTRAINT "company_ads_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_product_uid_products_uid_fk" FOREIGN KEY ("product_uid") REFERENCES "public"."products"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_group_uid_option_groups_uid_fk" FOREIGN KEY ("group_uid") REFERENCES "public"."option_groups"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_opening_hours" ADD CONSTRAINT "place_opening_hours_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_pickup_settings" ADD CONSTRAINT "place_pickup_settings_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_products" ADD CONSTRAINT "place_products_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_products" ADD CONSTRAINT "place_products_product_uid_products_uid_fk" FOREIGN KEY ("product_uid") REFERENCES "public"."products"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_uid_product_categories_uid_fk" FOREIGN KEY ("category_uid") REFERENCES "public"."product_categories"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_ads_company_uid_position_index" ON "company_ads" USING btree ("company_uid","position");--> statement-breakpoint
CREATE INDEX "option_groups_product_uid_position_index" ON "option_groups" USING btree ("product_uid","position");--> statement-breakpoint
CREATE INDEX "options_group_uid_position_index" ON "options" USING btree ("group_uid","position");--> statement-breakpoint
CREATE INDEX "place_products_product_uid_index" ON "place_products" USING btree ("product_uid");--> statement-breakpoint
CREATE INDEX "product_categories_company_uid_position_index" ON "product_categories" USING btree ("company_uid","position");--> statement-breakpoint
CREATE INDEX "products_company_uid_title_uid_index" ON "products" USING btree ("company_uid","title","uid");--> statement-breakpoint
CREATE INDEX "products_category_uid_index" ON "products" USING btree ("category_uid");