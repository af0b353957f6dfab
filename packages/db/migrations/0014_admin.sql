CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"user_uid" uuid,
	"object_type" text NOT NULL,
	"object_uid" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_operators" (
	"user_uid" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "image_uid" text;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_uid" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_operators" ADD CONSTRAINT "installation_operators_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_company_uid_created_at_index" ON "admin_audit_log" USING btree ("company_uid","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_company_uid_object_type_created_at_index" ON "admin_audit_log" USING btree ("company_uid","object_type","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_company_uid_user_uid_created_at_index" ON "admin_audit_log" USING btree ("company_uid","user_uid","created_at");--> statement-breakpoint
CREATE INDEX "products_admin_search_index" ON "products" USING gin ("company_uid","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_roles_company_uid_index" ON "staff_roles" USING btree ("company_uid");--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_role_check" CHECK ("staff_roles"."role" in ('OWNER', 'MANAGER', 'STAFF'));