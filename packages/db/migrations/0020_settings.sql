ALTER TABLE "apps" ADD COLUMN "languages" text[] DEFAULT '{es,en}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;