CREATE TABLE "idempotency_keys" (
	"user_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_uid_key_pk" PRIMARY KEY("user_uid","key")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"uid" text PRIMARY KEY NOT NULL,
	"company_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"start_date" date NOT NULL,
	"start_time" time,
	"end_date" date,
	"end_time" time,
	"location" text DEFAULT '' NOT NULL,
	"link" text
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"program_uid" text NOT NULL,
	"code" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"redeemed_at" timestamp with time zone,
	"membership_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"staff_user_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"remaining" integer
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"program_uid" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_userUid_programUid_unique" UNIQUE("user_uid","program_uid"),
	CONSTRAINT "memberships_non_negative" CHECK ("memberships"."coins" >= 0 and "memberships"."total_points" >= 0 and "memberships"."stamps" >= 0 and "memberships"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"uid" text PRIMARY KEY NOT NULL,
	"question_uid" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_questions" (
	"uid" text PRIMARY KEY NOT NULL,
	"poll_uid" text NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_responses" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_responses_pollUid_userUid_unique" UNIQUE("poll_uid","user_uid")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"uid" text PRIMARY KEY NOT NULL,
	"program_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"valid_until" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_ads" (
	"uid" text PRIMARY KEY NOT NULL,
	"program_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_levels" (
	"uid" text PRIMARY KEY NOT NULL,
	"program_uid" text NOT NULL,
	"name" text NOT NULL,
	"min_points" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_sections" (
	"uid" text PRIMARY KEY NOT NULL,
	"program_uid" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"uid" text PRIMARY KEY NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"stamps_required" integer DEFAULT 0 NOT NULL,
	"stamp_reward" text DEFAULT '' NOT NULL,
	"coins_per_sol" integer DEFAULT 1 NOT NULL,
	"points_per_sol" integer DEFAULT 1 NOT NULL,
	"allows_manual_points" boolean DEFAULT false NOT NULL,
	"coin_expiry_days" integer,
	"point_expiry_days" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"uid" text PRIMARY KEY NOT NULL,
	"program_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"rate_discount" integer DEFAULT 0 NOT NULL,
	"coin_price" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"stock" integer,
	"per_member_limit" integer,
	"level_uids" text[] DEFAULT '{}'::text[] NOT NULL,
	"tagged" boolean DEFAULT false NOT NULL,
	"place_uids" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotions_stock_non_negative" CHECK ("promotions"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_registrations" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raffle_uid" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"status" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_registrations_raffleUid_userUid_unique" UNIQUE("raffle_uid","user_uid")
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"uid" text PRIMARY KEY NOT NULL,
	"program_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"terms" text DEFAULT '' NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"draw_date" date,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_uid" text NOT NULL,
	"membership_uid" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"place_uid" text,
	"staff_user_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "redemptions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_membership_uid_memberships_uid_fk" FOREIGN KEY ("membership_uid") REFERENCES "public"."memberships"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_membership_uid_memberships_uid_fk" FOREIGN KEY ("membership_uid") REFERENCES "public"."memberships"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_staff_user_uid_users_uid_fk" FOREIGN KEY ("staff_user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_question_uid_poll_questions_uid_fk" FOREIGN KEY ("question_uid") REFERENCES "public"."poll_questions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_questions" ADD CONSTRAINT "poll_questions_poll_uid_polls_uid_fk" FOREIGN KEY ("poll_uid") REFERENCES "public"."polls"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_poll_uid_polls_uid_fk" FOREIGN KEY ("poll_uid") REFERENCES "public"."polls"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_ads" ADD CONSTRAINT "program_ads_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_levels" ADD CONSTRAINT "program_levels_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_sections" ADD CONSTRAINT "program_sections_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_registrations" ADD CONSTRAINT "raffle_registrations_raffle_uid_raffles_uid_fk" FOREIGN KEY ("raffle_uid") REFERENCES "public"."raffles"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_registrations" ADD CONSTRAINT "raffle_registrations_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_program_uid_programs_uid_fk" FOREIGN KEY ("program_uid") REFERENCES "public"."programs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_promotion_uid_promotions_uid_fk" FOREIGN KEY ("promotion_uid") REFERENCES "public"."promotions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_membership_uid_memberships_uid_fk" FOREIGN KEY ("membership_uid") REFERENCES "public"."memberships"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_staff_user_uid_users_uid_fk" FOREIGN KEY ("staff_user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_uid_start_date_index" ON "events" USING btree ("company_uid","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_app_code_unique" ON "gift_cards" USING btree ("app_uid",upper("code"));--> statement-breakpoint
CREATE INDEX "ledger_entries_membership_uid_kind_index" ON "ledger_entries" USING btree ("membership_uid","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_expires_at_index" ON "ledger_entries" USING btree ("expires_at") WHERE "ledger_entries"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "memberships_program_uid_index" ON "memberships" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "poll_options_question_uid_index" ON "poll_options" USING btree ("question_uid");--> statement-breakpoint
CREATE INDEX "poll_questions_poll_uid_index" ON "poll_questions" USING btree ("poll_uid");--> statement-breakpoint
CREATE INDEX "polls_program_uid_index" ON "polls" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "program_ads_program_uid_index" ON "program_ads" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "program_levels_program_uid_index" ON "program_levels" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "program_sections_program_uid_index" ON "program_sections" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "programs_app_uid_index" ON "programs" USING btree ("app_uid");--> statement-breakpoint
CREATE INDEX "programs_company_uid_index" ON "programs" USING btree ("company_uid");--> statement-breakpoint
CREATE INDEX "promotions_program_uid_index" ON "promotions" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "raffles_program_uid_index" ON "raffles" USING btree ("program_uid");--> statement-breakpoint
CREATE INDEX "redemptions_membership_uid_promotion_uid_index" ON "redemptions" USING btree ("membership_uid","promotion_uid");--> statement-breakpoint
CREATE INDEX "redemptions_promotion_uid_index" ON "redemptions" USING btree ("promotion_uid");