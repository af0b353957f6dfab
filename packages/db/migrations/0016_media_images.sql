CREATE TABLE "image_files" (
	"image_uid" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "image_files_image_uid_width_pk" PRIMARY KEY("image_uid","width")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_files" ADD CONSTRAINT "image_files_image_uid_images_uid_fk" FOREIGN KEY ("image_uid") REFERENCES "public"."images"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_company_uid_index" ON "images" USING btree ("company_uid");