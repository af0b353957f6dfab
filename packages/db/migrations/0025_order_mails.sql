ALTER TABLE "orders" ADD COLUMN "site_origin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_status_mails" boolean DEFAULT true NOT NULL;