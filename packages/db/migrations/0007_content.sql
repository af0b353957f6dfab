CREATE TABLE "landing_sections" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"tittle" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landing_sections" ADD CONSTRAINT "landing_sections_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_sections_app_uid_position_index" ON "landing_sections" USING btree ("app_uid","position");