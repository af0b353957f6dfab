CREATE TABLE "app_companies" (
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_companies_app_uid_company_uid_pk" PRIMARY KEY("app_uid","company_uid")
);
--> statement-breakpoint
CREATE TABLE "app_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subdomain" text,
	"api_key" text NOT NULL,
	"favicon" text,
	"logo" text,
	"main_company_uid" text NOT NULL,
	"allow_anonymous_navigation" boolean DEFAULT true NOT NULL,
	"allow_signup" boolean DEFAULT true NOT NULL,
	"landing_page" boolean DEFAULT false NOT NULL,
	"landing_page_type" text DEFAULT 'MODEL_2' NOT NULL,
	"empty_page" boolean DEFAULT false NOT NULL,
	"marketplace" boolean DEFAULT false NOT NULL,
	"signin_methods" jsonb NOT NULL,
	"recaptcha_settings" jsonb,
	"site_firebase_settings" jsonb,
	"firebase_settings" jsonb,
	"validate_document" boolean DEFAULT false NOT NULL,
	"validate_mobile_number" boolean DEFAULT false NOT NULL,
	"site" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deletion_path_prefix" text,
	"events_enabled" boolean DEFAULT false NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency_symbol" text DEFAULT 'S/' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_apiKey_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text,
	"logo_rectangle" text,
	"banner" text,
	"cover" text,
	"whatsapp_number" text,
	"ecommerce_enabled" boolean DEFAULT false NOT NULL,
	"benefit_programs_enabled" boolean DEFAULT false NOT NULL,
	"subscription_enabled" boolean DEFAULT false NOT NULL,
	"delivery_service" boolean DEFAULT false NOT NULL,
	"submodules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_for_members" text[] DEFAULT '{}'::text[] NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category_uid" text
);
--> statement-breakpoint
CREATE TABLE "company_categories" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "places" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"area_uid" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"uses_country_delivery_service" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"user_uid" uuid NOT NULL,
	"company_uid" text NOT NULL,
	"role" text NOT NULL,
	"place_uids" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "staff_roles_user_uid_company_uid_pk" PRIMARY KEY("user_uid","company_uid")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_uid" text NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"document_type" text DEFAULT 'NATIONAL_ID' NOT NULL,
	"document_number" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"mobile_number" text,
	"country_code_number" text,
	"birthdate" date,
	"gender" text,
	"area_uid" text,
	"language" text DEFAULT 'es' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_companies" ADD CONSTRAINT "app_companies_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_companies" ADD CONSTRAINT "app_companies_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_domains" ADD CONSTRAINT "app_domains_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_category_uid_company_categories_uid_fk" FOREIGN KEY ("category_uid") REFERENCES "public"."company_categories"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_categories" ADD CONSTRAINT "company_categories_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_area_uid_areas_uid_fk" FOREIGN KEY ("area_uid") REFERENCES "public"."areas"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_area_uid_areas_uid_fk" FOREIGN KEY ("area_uid") REFERENCES "public"."areas"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_domains_app_uid_index" ON "app_domains" USING btree ("app_uid");--> statement-breakpoint
CREATE INDEX "areas_app_uid_index" ON "areas" USING btree ("app_uid");--> statement-breakpoint
CREATE INDEX "companies_app_uid_index" ON "companies" USING btree ("app_uid");--> statement-breakpoint
CREATE INDEX "company_categories_app_uid_index" ON "company_categories" USING btree ("app_uid");--> statement-breakpoint
CREATE INDEX "places_app_uid_index" ON "places" USING btree ("app_uid");--> statement-breakpoint
CREATE INDEX "places_company_uid_index" ON "places" USING btree ("company_uid");--> statement-breakpoint
CREATE INDEX "places_area_uid_index" ON "places" USING btree ("area_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_email_unique" ON "users" USING btree ("app_uid",lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_document_unique" ON "users" USING btree ("app_uid","document_type","document_number") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_mobile_unique" ON "users" USING btree ("app_uid","mobile_number") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_app_uid_index" ON "users" USING btree ("app_uid");