ALTER TABLE "receipts" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "receipt" jsonb;