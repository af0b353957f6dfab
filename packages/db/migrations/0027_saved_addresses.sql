CREATE TABLE "saved_addresses" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"label" text NOT NULL,
	"district" text NOT NULL,
	"address" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eta_minutes" integer;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_addresses_app_uid_user_uid_updated_at_index" ON "saved_addresses" USING btree ("app_uid","user_uid","updated_at");