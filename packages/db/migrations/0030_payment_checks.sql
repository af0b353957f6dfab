ALTER TABLE "payments" ADD COLUMN "answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "mismatch" jsonb;--> statement-breakpoint
CREATE INDEX "payments_transfer_number_idx" ON "payments" USING btree ("company_uid",lower("reference")) WHERE "payments"."method" = 'TRANSFER';