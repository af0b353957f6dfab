CREATE TABLE "raffle_draws" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_uid" text NOT NULL,
	"algorithm" text NOT NULL,
	"seed" text NOT NULL,
	"registration_uids" text[] NOT NULL,
	"winner_uids" text[] NOT NULL,
	"drawn_by" uuid,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_draws_raffleUid_unique" UNIQUE("raffle_uid")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_uid" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "image_uid" text;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "program_ads" ADD COLUMN "image_uid" text;--> statement-breakpoint
ALTER TABLE "program_ads" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "winners_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "image_uid" text;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_raffle_uid_raffles_uid_fk" FOREIGN KEY ("raffle_uid") REFERENCES "public"."raffles"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_drawn_by_users_uid_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_winners_positive" CHECK ("raffles"."winners_count" >= 1);