ALTER TABLE "memberships" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;