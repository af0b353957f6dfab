CREATE TABLE "carts" (
	"app_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"place_uid" text NOT NULL,
	"type" text NOT NULL,
	"products" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_uid_place_uid_type_pk" PRIMARY KEY("user_uid","place_uid","type")
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"coupon_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"source_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_coupon_uid_source_uid_pk" PRIMARY KEY("coupon_uid","source_uid")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"minimum_order" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"per_member_limit" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_companyUid_code_unique" UNIQUE("company_uid","code"),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses_count" >= 0 and ("coupons"."max_uses" is null or "coupons"."uses_count" <= "coupons"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"uid" text PRIMARY KEY NOT NULL,
	"place_uid" text NOT NULL,
	"name" text NOT NULL,
	"districts" text[] NOT NULL,
	"fare" integer NOT NULL,
	"eta_minutes" integer DEFAULT 45 NOT NULL,
	CONSTRAINT "delivery_zones_fare_check" CHECK ("delivery_zones"."fare" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"company_uid" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_uid" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_uid" uuid,
	"actor_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"place_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"order_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"pickup_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"comments" text DEFAULT '' NOT NULL,
	"user_data" jsonb NOT NULL,
	"billing" jsonb,
	"items" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"delivery_price" integer NOT NULL,
	"discount" integer NOT NULL,
	"price" integer NOT NULL,
	"coins" integer NOT NULL,
	"program_uid" text,
	"coupon_uid" text,
	"coupon_code" text,
	"influencer_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_companyUid_number_unique" UNIQUE("company_uid","number")
);
--> statement-breakpoint
CREATE TABLE "place_checkout_settings" (
	"place_uid" text PRIMARY KEY NOT NULL,
	"payment_methods" text[] DEFAULT '{CASH}'::text[] NOT NULL,
	"distance_base_fare" integer,
	"distance_per_km" integer,
	"distance_max_km" double precision,
	"eta_minutes" integer DEFAULT 45 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"place_uid" text NOT NULL,
	"product_uid" text NOT NULL,
	"order_uid" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"days" smallint[] NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"place_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"order_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"pickup_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"comments" text DEFAULT '' NOT NULL,
	"user_data" jsonb NOT NULL,
	"billing" jsonb,
	"items" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"delivery_price" integer NOT NULL,
	"discount" integer NOT NULL,
	"price" integer NOT NULL,
	"coins" integer NOT NULL,
	"program_uid" text,
	"coupon_uid" text,
	"coupon_code" text,
	"influencer_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_uid_coupons_uid_fk" FOREIGN KEY ("coupon_uid") REFERENCES "public"."coupons"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_uid_orders_uid_fk" FOREIGN KEY ("order_uid") REFERENCES "public"."orders"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_user_uid_users_uid_fk" FOREIGN KEY ("actor_user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_uid_coupons_uid_fk" FOREIGN KEY ("coupon_uid") REFERENCES "public"."coupons"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_checkout_settings" ADD CONSTRAINT "place_checkout_settings_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_uid_products_uid_fk" FOREIGN KEY ("product_uid") REFERENCES "public"."products"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_uid_orders_uid_fk" FOREIGN KEY ("order_uid") REFERENCES "public"."orders"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_coupon_uid_coupons_uid_fk" FOREIGN KEY ("coupon_uid") REFERENCES "public"."coupons"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_uid_user_uid_index" ON "coupon_uses" USING btree ("coupon_uid","user_uid");--> statement-breakpoint
CREATE INDEX "delivery_zones_place_uid_index" ON "delivery_zones" USING btree ("place_uid");--> statement-breakpoint
CREATE INDEX "order_status_history_order_uid_id_index" ON "order_status_history" USING btree ("order_uid","id");--> statement-breakpoint
CREATE INDEX "orders_app_uid_user_uid_created_at_index" ON "orders" USING btree ("app_uid","user_uid","created_at");--> statement-breakpoint
CREATE INDEX "orders_place_uid_status_index" ON "orders" USING btree ("place_uid","status");--> statement-breakpoint
CREATE INDEX "stock_movements_order_uid_index" ON "stock_movements" USING btree ("order_uid");--> statement-breakpoint
CREATE INDEX "stock_movements_place_uid_product_uid_index" ON "stock_movements" USING btree ("place_uid","product_uid");--> statement-breakpoint
CREATE INDEX "subscriptions_app_uid_user_uid_created_at_index" ON "subscriptions" USING btree ("app_uid","user_uid","created_at");