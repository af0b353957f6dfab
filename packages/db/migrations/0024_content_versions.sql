ALTER TABLE "landing_sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "site_version" integer DEFAULT 1 NOT NULL;